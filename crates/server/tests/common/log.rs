//! The server's log lines, captured for tests that check what it logs.

use std::sync::{Arc, Mutex, OnceLock};

/// Everything the server logs in this test process.
pub fn log() -> &'static Arc<Mutex<Vec<u8>>> {
    static LOG: OnceLock<Arc<Mutex<Vec<u8>>>> = OnceLock::new();
    LOG.get_or_init(|| {
        let buffer = Arc::new(Mutex::new(Vec::new()));
        let writer = Arc::clone(&buffer);
        tracing_subscriber::fmt()
            .with_env_filter("spieltisch_server=info")
            .with_ansi(false)
            .with_writer(move || Capture(Arc::clone(&writer)))
            .init();
        buffer
    })
}

struct Capture(Arc<Mutex<Vec<u8>>>);

impl std::io::Write for Capture {
    fn write(&mut self, bytes: &[u8]) -> std::io::Result<usize> {
        self.0.lock().unwrap().extend_from_slice(bytes);
        Ok(bytes.len())
    }

    fn flush(&mut self) -> std::io::Result<()> {
        Ok(())
    }
}

pub fn logged() -> String {
    String::from_utf8_lossy(&log().lock().unwrap()).into_owned()
}
