//! The tool calls' workers: tokio's blocking pool, capped at [`WORKERS`] threads, with a
//! bounded queue in front of it.
//!
//! A client may pipeline any number of calls. Each running call holds memory (a pack being
//! built, a partial index while the first build runs), so calls run on [`WORKERS`] threads
//! and at most [`QUEUE`] more wait for one; a call past that is refused at once with a
//! JSON-RPC error the client can retry on, instead of a thread and its memory per call. The
//! cap on threads is the runtime's ([`runtime`]); nothing else runs on its blocking pool.

use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Arc;

/// Threads that run tool calls. Calls take the one index in turn, so more threads would
/// only wait; two let a call answer from a partial index while another waits for the first
/// build.
pub const WORKERS: usize = 2;

/// Calls that may wait for a worker; more are refused with [`BUSY`].
pub const QUEUE: usize = 32;

/// The JSON-RPC error code of a refused call (the implementation-defined server range).
pub const BUSY: i32 = -32000;

/// The server's runtime: one thread for the protocol, and [`WORKERS`] blocking threads on
/// which [`Pool::run`] runs the calls.
pub fn runtime() -> std::io::Result<tokio::runtime::Runtime> {
    tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .max_blocking_threads(WORKERS)
        .thread_name("gather-call")
        .build()
}

/// Why a call was not run.
#[derive(Debug, PartialEq)]
pub enum Refused {
    /// Every worker is busy and the queue is full.
    Busy,
    /// The call panicked inside the library.
    Panicked,
}

/// The count of calls accepted and not yet finished (running or queued), and its limit.
pub struct Pool {
    pending: Arc<AtomicUsize>,
    /// The most calls accepted at once: workers plus queue.
    limit: usize,
}

/// One accepted call's place, counted until it is dropped (when the call has run, panicked,
/// or was never run).
pub struct Accepted(Arc<AtomicUsize>);

impl Drop for Accepted {
    fn drop(&mut self) {
        self.0.fetch_sub(1, Ordering::SeqCst);
    }
}

impl Pool {
    /// A pool for [`WORKERS`] threads and [`QUEUE`] waiting calls.
    pub fn new() -> Pool {
        Pool::with(WORKERS + QUEUE)
    }

    fn with(limit: usize) -> Pool {
        Pool {
            pending: Arc::new(AtomicUsize::new(0)),
            limit,
        }
    }

    /// Calls queued or running now.
    pub fn pending(&self) -> usize {
        self.pending.load(Ordering::SeqCst)
    }

    /// Runs `call` on a blocking thread and waits for its result, or refuses it when the
    /// queue is full ([`Pool::admit`], then [`Pool::run_accepted`]).
    pub async fn run<T: Send + 'static>(
        &self,
        call: impl FnOnce() -> T + Send + 'static,
    ) -> Result<T, Refused> {
        Pool::run_accepted(self.admit()?, call).await
    }

    /// A place for one call, or [`Refused::Busy`] when the queue is full. A call that must
    /// wait before it can run (for the client's roots) takes its place first, so waiting
    /// calls count against the queue too.
    pub fn admit(&self) -> Result<Accepted, Refused> {
        let limit = self.limit;
        self.pending
            .fetch_update(Ordering::SeqCst, Ordering::SeqCst, |n| {
                (n < limit).then_some(n + 1)
            })
            .map_err(|_| Refused::Busy)?;
        Ok(Accepted(Arc::clone(&self.pending)))
    }

    /// Runs `call` in its place on a blocking thread and waits for its result. A caller
    /// that stops waiting (a cancelled request) leaves the call to finish; it still counts
    /// against the queue until then, so the bound holds.
    pub async fn run_accepted<T: Send + 'static>(
        accepted: Accepted,
        call: impl FnOnce() -> T + Send + 'static,
    ) -> Result<T, Refused> {
        tokio::task::spawn_blocking(move || {
            let _accepted = accepted;
            call()
        })
        .await
        .map_err(|_| Refused::Panicked)
    }
}

impl Default for Pool {
    fn default() -> Pool {
        Pool::new()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::sync::Mutex;

    #[test]
    fn calls_past_the_queue_are_refused_and_the_rest_answered() {
        let runtime = tokio::runtime::Builder::new_current_thread()
            .max_blocking_threads(1)
            .build()
            .unwrap();
        runtime.block_on(async {
            let pool = Arc::new(Pool::with(2));
            let (release, hold) = std::sync::mpsc::channel::<()>();
            let hold = Arc::new(Mutex::new(hold));
            let mut calls = Vec::new();
            for n in 0..2 {
                let pool = Arc::clone(&pool);
                let hold = Arc::clone(&hold);
                calls.push(tokio::spawn(async move {
                    pool.run(move || {
                        let _ = hold.lock().unwrap().recv();
                        n
                    })
                    .await
                }));
            }
            // Both accepted: one running, one queued.
            while pool.pending() < 2 {
                tokio::task::yield_now().await;
            }
            assert_eq!(pool.run(|| 9).await, Err(Refused::Busy));
            release.send(()).unwrap();
            release.send(()).unwrap();
            let mut answers = Vec::new();
            for call in calls {
                answers.push(call.await.unwrap().unwrap());
            }
            answers.sort();
            assert_eq!(answers, [0, 1]);
            assert_eq!(pool.pending(), 0);
            assert_eq!(pool.run(|| 7).await, Ok(7));
            assert_eq!(
                pool.run(|| -> i32 { panic!("a bug") }).await,
                Err(Refused::Panicked)
            );
            assert_eq!(pool.pending(), 0);
        });
    }

    #[test]
    fn a_place_taken_before_the_call_runs_counts_against_the_queue() {
        let pool = Pool::with(1);
        let place = pool.admit().unwrap();
        assert!(matches!(pool.admit(), Err(Refused::Busy)));
        drop(place);
        assert!(pool.admit().is_ok());
        assert_eq!(pool.pending(), 0);
    }
}
