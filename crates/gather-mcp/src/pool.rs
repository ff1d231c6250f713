//! The tool calls' workers: a fixed number of threads and a bounded queue in front of them.
//!
//! A client may pipeline any number of calls. Each running call holds memory (a pack being
//! built, a partial index while the first build runs), so calls run on [`WORKERS`] threads
//! and at most [`QUEUE`] more wait for one; a call past that is refused at once with a
//! JSON-RPC error the client can retry on, instead of a thread and its memory per call.

use std::panic::{catch_unwind, AssertUnwindSafe};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::mpsc::{sync_channel, Receiver, SyncSender};
use std::sync::{Arc, Mutex, PoisonError};

/// Threads that run tool calls. Calls take the one index in turn, so more threads would
/// only wait; two let a call answer from a partial index while another waits for the first
/// build.
pub const WORKERS: usize = 2;

/// Calls that may wait for a worker; more are refused with [`BUSY`].
pub const QUEUE: usize = 32;

/// The JSON-RPC error code of a refused call (the implementation-defined server range).
pub const BUSY: i32 = -32000;

type Job = Box<dyn FnOnce() + Send>;

/// Why a call was not run.
#[derive(Debug, PartialEq)]
pub enum Refused {
    /// Every worker is busy and the queue is full.
    Busy,
    /// The call panicked inside the library.
    Panicked,
}

/// The workers and their queue.
pub struct Pool {
    jobs: SyncSender<Job>,
    /// Calls accepted and not yet finished: running or queued.
    pending: Arc<AtomicUsize>,
    /// The most calls accepted at once: workers plus queue.
    limit: usize,
}

impl Pool {
    /// Starts [`WORKERS`] threads.
    pub fn new() -> Pool {
        Pool::with(WORKERS, QUEUE)
    }

    fn with(workers: usize, queue: usize) -> Pool {
        // Room for every accepted call, so a send never blocks the protocol's thread.
        let (jobs, receiver) = sync_channel::<Job>(workers + queue);
        let receiver = Arc::new(Mutex::new(receiver));
        for n in 0..workers {
            let receiver = Arc::clone(&receiver);
            let _ = std::thread::Builder::new()
                .name(format!("gather-call-{n}"))
                .spawn(move || work(&receiver));
        }
        Pool {
            jobs,
            pending: Arc::new(AtomicUsize::new(0)),
            limit: workers + queue,
        }
    }

    /// Calls queued or running now.
    pub fn pending(&self) -> usize {
        self.pending.load(Ordering::SeqCst)
    }

    /// Runs `call` on a worker and waits for its result, or refuses it when the queue is
    /// full. A caller that stops waiting (a cancelled request) leaves the call to finish;
    /// it still counts against the queue until then, so the bound holds.
    pub async fn run<T: Send + 'static>(
        &self,
        call: impl FnOnce() -> T + Send + 'static,
    ) -> Result<T, Refused> {
        let limit = self.limit;
        let accepted = self
            .pending
            .fetch_update(Ordering::SeqCst, Ordering::SeqCst, |n| {
                (n < limit).then_some(n + 1)
            })
            .is_ok();
        if !accepted {
            return Err(Refused::Busy);
        }
        let (reply, answer) = tokio::sync::oneshot::channel();
        let pending = Arc::clone(&self.pending);
        let job: Job = Box::new(move || {
            let outcome = catch_unwind(AssertUnwindSafe(call));
            pending.fetch_sub(1, Ordering::SeqCst);
            let _ = reply.send(outcome.map_err(|_| Refused::Panicked));
        });
        if self.jobs.try_send(job).is_err() {
            // Every worker is gone (cannot happen while the pool lives); refuse rather
            // than wait forever.
            self.pending.fetch_sub(1, Ordering::SeqCst);
            return Err(Refused::Busy);
        }
        answer.await.unwrap_or(Err(Refused::Panicked))
    }
}

impl Default for Pool {
    fn default() -> Pool {
        Pool::new()
    }
}

fn work(receiver: &Mutex<Receiver<Job>>) {
    loop {
        let job = receiver
            .lock()
            .unwrap_or_else(PoisonError::into_inner)
            .recv();
        match job {
            Ok(job) => job(),
            Err(_) => return,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn calls_past_the_queue_are_refused_and_the_rest_answered() {
        let runtime = tokio::runtime::Builder::new_current_thread()
            .build()
            .unwrap();
        runtime.block_on(async {
            let pool = Arc::new(Pool::with(1, 1));
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
}
