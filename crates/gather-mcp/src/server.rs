//! The MCP handler: lists the tools and runs each call on the worker pool ([`crate::pool`])
//! against the root it names ([`crate::roots`]), turning the library's errors into tool
//! results with `isError` and a `code`, and a call past the pool's queue into a JSON-RPC
//! error the client can retry on. It reads the client's roots once the session has begun
//! and whenever the client says they changed ([`crate::listing`]).

use std::sync::Arc;

use rmcp::model::{
    CallToolRequestParams, CallToolResponse, CallToolResult, ContentBlock, Implementation,
    ListToolsResult, PaginatedRequestParams, ServerCapabilities, ServerConfig, Tool,
};
use rmcp::service::{NotificationContext, RequestContext};
use rmcp::{ErrorData, RoleServer, ServerHandler};

use gather::{render, Error, ErrorCode};

use crate::listing;
use crate::pool::{self, Pool, Refused};
use crate::roots::Roots;
use crate::tools::{self, Answer};

/// The server of the client's roots.
#[derive(Clone)]
pub struct GatherServer {
    roots: Arc<Roots>,
    tools: Arc<Vec<Tool>>,
    pool: Arc<Pool>,
}

impl GatherServer {
    /// A server answering from `roots`.
    pub fn new(roots: Arc<Roots>) -> GatherServer {
        GatherServer {
            roots,
            tools: Arc::new(tools::list()),
            pool: Arc::new(Pool::new()),
        }
    }
}

/// The JSON-RPC error of a call past the queue, which the client may retry.
fn busy() -> ErrorData {
    ErrorData::new(
        rmcp::model::ErrorCode(pool::BUSY),
        format!(
            "server busy: {} calls queued; retry when an answer arrives",
            pool::QUEUE
        ),
        None,
    )
}

/// A tool result: the text as `content`, the JSON as `structuredContent`.
pub fn success(answer: Answer) -> CallToolResult {
    let mut result = CallToolResult::structured(answer.json);
    result.content = vec![ContentBlock::text(answer.text)];
    result
}

/// A failed call as a tool result: `isError`, and `{"success": false, "code", "message"}`.
pub fn failure(error: &Error) -> CallToolResult {
    let mut result = CallToolResult::structured_error(render::error_json(error));
    result.content = vec![ContentBlock::text(format!(
        "error[{}]: {}",
        error.code, error.message
    ))];
    result
}

impl ServerHandler for GatherServer {
    fn get_info(&self) -> ServerConfig {
        ServerConfig::new(ServerCapabilities::builder().enable_tools().build())
            .with_server_info(Implementation::new("gather", env!("CARGO_PKG_VERSION")))
            .with_instructions(
                "gather returns verbatim code from this workspace, ranked and cut to a budget. \
                 Use gather_context with a question or a symbol and its path for the code around it, \
                 assemble_context for exact slices of named files, find_symbol to locate definitions. \
                 With several roots open, name one with root.",
            )
    }

    async fn on_initialized(&self, context: NotificationContext<RoleServer>) {
        listing::list(&self.roots, &context.peer).await;
    }

    async fn on_roots_list_changed(&self, context: NotificationContext<RoleServer>) {
        listing::list(&self.roots, &context.peer).await;
    }

    async fn list_tools(
        &self,
        _request: Option<PaginatedRequestParams>,
        _context: RequestContext<RoleServer>,
    ) -> Result<ListToolsResult, ErrorData> {
        Ok(ListToolsResult::with_all_items(self.tools.as_ref().clone()))
    }

    async fn call_tool(
        &self,
        request: CallToolRequestParams,
        context: RequestContext<RoleServer>,
    ) -> Result<CallToolResponse, ErrorData> {
        let name = request.name.to_string();
        if !self.tools.iter().any(|t| t.name == name) {
            return Err(ErrorData::invalid_params(
                format!(
                    "no tool named {name}; the tools are {}, {} and {}",
                    tools::GATHER_CONTEXT,
                    tools::ASSEMBLE_CONTEXT,
                    tools::FIND_SYMBOL
                ),
                None,
            ));
        }
        // The call takes its place in the queue before it waits for the client's roots.
        let accepted = match self.pool.admit() {
            Ok(accepted) => accepted,
            Err(_) => return Err(busy()),
        };
        let mut arguments = request.arguments;
        // A client that skipped `notifications/initialized` is asked for its roots now.
        if self.roots.undecided() {
            listing::list(&self.roots, &context.peer).await;
        }
        self.roots.settled(listing::ANSWER_WITHIN).await;
        let picked =
            tools::take_root(&mut arguments).and_then(|named| self.roots.pick(named.as_deref()));
        let picked = match picked {
            Ok(picked) => picked,
            Err(error) => return Ok(failure(&error).into()),
        };
        let outcome = Pool::run_accepted(accepted, move || {
            let root = picked.call_name.as_deref();
            tools::call(&picked.workspace, root, &name, arguments)
        })
        .await;
        let result = match outcome {
            Ok(Ok(answer)) => success(answer),
            Ok(Err(error)) => failure(&error),
            Err(Refused::Busy) => return Err(busy()),
            Err(Refused::Panicked) => {
                eprintln!("gather serve: a tool call panicked");
                failure(&Error::new(
                    ErrorCode::IndexError,
                    "the call failed inside gather (a bug; the server goes on); try another request",
                ))
            }
        };
        Ok(result.into())
    }
}
