//! A fresh PostgreSQL database for one test, dropped when the test is done.
//!
//! The server is the machine's own (`.ci/run` starts it when it does not
//! answer), at `SPIELTISCH_TEST_POSTGRES` or else
//! postgres://postgres@127.0.0.1:5432, with trust authentication. A test
//! that needs it and cannot reach it fails, saying how to start it.

use spieltisch_server::{DbAddress, PostgresUrl};
use std::sync::atomic::{AtomicUsize, Ordering};

/// The server, without a database name.
pub fn server() -> String {
    std::env::var("SPIELTISCH_TEST_POSTGRES")
        .unwrap_or_else(|_| "postgres://postgres@127.0.0.1:5432".to_string())
        .trim_end_matches('/')
        .to_string()
}

#[derive(Debug)]
pub struct TestDatabase {
    pub name: String,
    pub url: PostgresUrl,
}

async fn maintenance() -> tokio_postgres::Client {
    let url = format!("{}/postgres", server());
    let (client, connection) =
        tokio_postgres::connect(&url, tokio_postgres::NoTls).await.unwrap_or_else(|e| {
            panic!(
                "PostgreSQL does not answer at {url}: {e}. `.ci/run` starts it; here: \
             pg_ctlcluster --skip-systemctl-redirect $(ls /etc/postgresql) main start"
            )
        });
    tokio::spawn(connection);
    client
}

impl TestDatabase {
    /// A new, empty database named after `label`, this process and a count.
    pub async fn create(label: &str) -> TestDatabase {
        static MADE: AtomicUsize = AtomicUsize::new(0);
        let name = format!(
            "spieltisch_test_{}_{}_{}",
            label.to_lowercase().replace(|c: char| !c.is_ascii_alphanumeric(), "_"),
            std::process::id(),
            MADE.fetch_add(1, Ordering::Relaxed)
        );
        let client = maintenance().await;
        client.batch_execute(&format!("DROP DATABASE IF EXISTS {name} WITH (FORCE)")).await.unwrap();
        client.batch_execute(&format!("CREATE DATABASE {name}")).await.unwrap();
        let DbAddress::Postgres(url) = format!("{}/{name}", server()).parse().unwrap() else {
            unreachable!("a postgres:// address")
        };
        TestDatabase { name, url }
    }

    pub fn address(&self) -> DbAddress {
        DbAddress::Postgres(self.url.clone())
    }

    /// A plain client of this database, for looking at it (or damaging it)
    /// behind the server's back.
    pub async fn client(&self) -> tokio_postgres::Client {
        let (client, connection) =
            tokio_postgres::connect(self.url.as_str(), tokio_postgres::NoTls).await.unwrap();
        tokio::spawn(connection);
        client
    }
}

impl Drop for TestDatabase {
    fn drop(&mut self) {
        let name = self.name.clone();
        // The test's runtime may be shutting down: drop on a runtime of our own.
        let dropped = std::thread::spawn(move || {
            let runtime = tokio::runtime::Builder::new_current_thread().enable_all().build().unwrap();
            runtime.block_on(async {
                let client = maintenance().await;
                client.batch_execute(&format!("DROP DATABASE IF EXISTS {name} WITH (FORCE)")).await
            })
        })
        .join();
        if !matches!(dropped, Ok(Ok(()))) {
            eprintln!("could not drop the test database {}", self.name);
        }
    }
}
