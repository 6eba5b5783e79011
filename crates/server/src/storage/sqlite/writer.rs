//! The SQLite engine's writer thread: the one thread that owns the
//! connection, the commands it is sent, and how it writes them (appends
//! that arrive together share one transaction, a bad command fails alone).
//! Apart from the engine's handle ([`super::Store`]), which only sends it
//! commands and waits for their answers.

use super::read::raw_row;
use crate::storage::checks::{UNFINISHED, in_order};
use crate::storage::error::StoreError;
use crate::storage::ledger::Ledger;
use crate::storage::progress::{Progress, ranks_json, turn_json};
use crate::storage::rows::{ROW_COLUMNS, TableRow, now};
use crate::storage::table_sum::{RecordHead, TableSum};
use crate::storage::written::{NewRow, upgraded_sum};
use rusqlite::OptionalExtension;
use spieltisch_core::Record;
use std::sync::atomic::Ordering;
use std::sync::mpsc;
use tokio::sync::oneshot;

/// A read, run on the writer's connection after the commits before it.
pub(super) type Read = Box<dyn FnOnce(&rusqlite::Connection) + Send>;

pub(super) enum Command {
    Create(TableRow, Progress, oneshot::Sender<Result<(), StoreError>>),
    Append {
        table: String,
        first_index: usize,
        actions: Vec<String>,
        progress: Progress,
        done: oneshot::Sender<Result<(), StoreError>>,
    },
    /// A person connected to a seat of the table now.
    Visit {
        table: String,
        at: i64,
        done: oneshot::Sender<Result<(), StoreError>>,
    },
    /// Marks unfinished tables as expired (those of `tables` that still
    /// are unfinished and not expired); answers with the ids marked.
    Expire {
        tables: Vec<String>,
        at: i64,
        done: oneshot::Sender<Result<Vec<String>, StoreError>>,
    },
    /// Writes where a table stands (on loading it: a table of an older
    /// build gets it then).
    Mark {
        table: String,
        progress: Progress,
        done: oneshot::Sender<Result<(), StoreError>>,
    },
    /// The table left memory: the writer need not remember its count.
    Forget(String),
    Read(Read),
    /// Replaces a table's seats (someone took a seat).
    Seat {
        table: String,
        seats: serde_json::Value,
        done: oneshot::Sender<Result<(), StoreError>>,
    },
    /// Marks a table as damaged, with the reason: kept, no longer loaded.
    Quarantine {
        table: String,
        reason: String,
        done: oneshot::Sender<Result<(), StoreError>>,
    },
    /// Replaces a table's record by the same game in today's format.
    Upgrade {
        table: String,
        record: Record,
        done: oneshot::Sender<Result<(), StoreError>>,
    },
}

/// How long the writer waits for more commands after the first of a batch:
/// a small part of the time people or bots take to answer.
const LINGER: std::time::Duration = std::time::Duration::from_micros(500);

/// How many actions each table has stored, and their checksum, as far as
/// the writer knows: read from the database the first time a table is
/// appended to, then kept up to date, so an append needs no query to check
/// its place.
type Stored = std::collections::HashMap<String, (usize, TableSum)>;

pub(super) fn writer(mut conn: rusqlite::Connection, inbox: mpsc::Receiver<Command>, ledger: &Ledger) {
    let mut stored = Stored::new();
    while let Ok(first) = inbox.recv() {
        // A read waits for nobody: it is answered at once.
        let first = match first {
            Command::Read(read) => {
                read(&conn);
                continue;
            }
            Command::Forget(table) => {
                stored.remove(&table);
                continue;
            }
            write => write,
        };
        // Waking this thread costs more than writing one action, so after
        // the first command of a batch it lingers a moment for others, which
        // then share the wake-up and the transaction. Reads that arrive
        // meanwhile are answered after the batch, so they see it.
        std::thread::sleep(LINGER);
        let mut batch = vec![first];
        let mut after = Vec::new();
        while let Ok(more) = inbox.try_recv() {
            match more {
                Command::Read(_) | Command::Forget(_) => after.push(more),
                write => batch.push(write),
            }
            if batch.len() >= 512 {
                break;
            }
        }
        let results = write_batch(&mut conn, &mut stored, &batch);
        let fault = results.iter().find_map(|r| r.as_ref().err().filter(|e| e.is_transient()));
        match fault {
            Some(e) => ledger.failed(e, batch.len()),
            None => ledger.succeeded(),
        }
        ledger.queue.fetch_sub(batch.len(), Ordering::Relaxed);
        for (command, result) in batch.into_iter().zip(results) {
            match command {
                Command::Create(_, _, done)
                | Command::Append { done, .. }
                | Command::Visit { done, .. }
                | Command::Mark { done, .. }
                | Command::Upgrade { done, .. }
                | Command::Seat { done, .. }
                | Command::Quarantine { done, .. } => {
                    let _ = done.send(result.map(|_| ()));
                }
                Command::Expire { done, .. } => {
                    let _ = done.send(result.map(|marked| marked.unwrap_or_default()));
                }
                Command::Read(_) | Command::Forget(_) => {}
            }
        }
        for command in after {
            match command {
                Command::Read(read) => read(&conn),
                Command::Forget(table) => {
                    stored.remove(&table);
                }
                _ => {}
            }
        }
    }
}

/// Writes a batch in one transaction. If a command is wrong in itself (out
/// of order, a duplicate table), the batch is rolled back and each command
/// is written in a transaction of its own, so a bad command fails alone and
/// the others still commit. If the transaction fails for any other reason
/// (the database busy or locked, the disk full), every command of the batch
/// fails with that error at once: writing them one by one would wait out the
/// busy timeout once per command, and stall every table for as long.
/// The counts in `stored` change only with a committed transaction.
fn write_batch(
    conn: &mut rusqlite::Connection,
    stored: &mut Stored,
    batch: &[Command],
) -> Vec<Result<Option<Vec<String>>, StoreError>> {
    let mut counts = Stored::new();
    let together = (|| -> Result<Vec<Option<Vec<String>>>, StoreError> {
        let tx = conn.transaction()?;
        let mut answers = Vec::with_capacity(batch.len());
        for command in batch {
            answers.push(write_one(&tx, stored, &mut counts, command)?);
        }
        tx.commit()?;
        Ok(answers)
    })();
    match together {
        Ok(answers) => {
            stored.extend(counts);
            return answers.into_iter().map(Ok).collect();
        }
        Err(e) if !is_wrong_in_itself(&e) => {
            let message = e.to_string();
            return batch.iter().map(|_| Err(StoreError::Failed(message.clone()))).collect();
        }
        Err(_) => {}
    }
    batch
        .iter()
        .map(|command| {
            let mut counts = Stored::new();
            let tx = conn.transaction()?;
            let answer = write_one(&tx, stored, &mut counts, command)?;
            tx.commit()?;
            stored.extend(counts);
            Ok(answer)
        })
        .collect()
}

/// Whether a failed write is the command's own fault, so that the other
/// commands of its batch may still succeed without it.
fn is_wrong_in_itself(e: &StoreError) -> bool {
    match e {
        // A damaged page fails the commands that touch it, not the others.
        _ if e.is_damage() => true,
        StoreError::OutOfOrder { .. } | StoreError::Json(_) | StoreError::Missing(_) => true,
        StoreError::Sqlite(rusqlite::Error::SqliteFailure(f, _)) => {
            f.code == rusqlite::ErrorCode::ConstraintViolation
        }
        _ => false,
    }
}

/// Writes one command; `counts` collects the new action counts of the
/// tables written (committed to `stored` by the caller). An expiry answers
/// with the tables it marked.
fn write_one(
    conn: &rusqlite::Connection,
    stored: &Stored,
    counts: &mut Stored,
    command: &Command,
) -> Result<Option<Vec<String>>, StoreError> {
    match command {
        Command::Create(row, progress, _) => {
            let new = NewRow::of(row, progress);
            conn.prepare_cached(
                "INSERT INTO tables (id, game, options, seed, seats, spectator_token, created_at, format, creator,
                                     version, checksum, turn, waiting, active_at, visited, public)
                 VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, 0, ?10, ?11, ?12, ?7, 0, ?13)",
            )?
            .execute(rusqlite::params![
                row.id,
                row.game,
                new.options,
                row.seed as i64,
                row.seats.to_string(),
                row.spectator_token,
                row.created_at,
                row.format,
                row.creator,
                new.checksum.text(),
                new.turn,
                new.waiting,
                new.public,
            ])?;
            counts.insert(row.id.clone(), (0, new.checksum));
        }
        Command::Mark { table, progress, .. } => {
            conn.prepare_cached("UPDATE tables SET turn = ?2, waiting = ?3, ranks = ?4 WHERE id = ?1")?
                .execute(rusqlite::params![
                    table,
                    turn_json(progress.turn),
                    progress.waiting.word(),
                    ranks_json(progress)
                ])?;
        }
        Command::Seat { table, seats, .. } => {
            conn.prepare_cached("UPDATE tables SET seats = ?2 WHERE id = ?1")?
                .execute(rusqlite::params![table, seats.to_string()])?;
        }
        Command::Visit { table, at, .. } => {
            conn.prepare_cached("UPDATE tables SET visited = 1, active_at = ?2 WHERE id = ?1")?
                .execute(rusqlite::params![table, at])?;
        }
        Command::Expire { tables, at, .. } => {
            let mut mark = conn
                .prepare_cached(&format!("UPDATE tables SET expired = ?2 WHERE id = ?1 AND {UNFINISHED}"))?;
            let mut marked = Vec::new();
            for table in tables {
                if mark.execute(rusqlite::params![table, at])? > 0 {
                    marked.push(table.clone());
                }
            }
            return Ok(Some(marked));
        }
        Command::Read(_) | Command::Forget(_) => {}
        Command::Quarantine { table, reason, .. } => {
            conn.prepare_cached("UPDATE tables SET quarantined = ?2 WHERE id = ?1")?
                .execute(rusqlite::params![table, reason])?;
            counts.remove(table);
        }
        Command::Upgrade { table, record, .. } => {
            let options = record.options.to_string();
            // The checksum covers the game and seed as stored.
            let (game, seed): (String, i64) = conn
                .prepare_cached(
                    "UPDATE tables SET options = ?2, format = ?3 WHERE id = ?1 RETURNING game, seed",
                )?
                .query_row(rusqlite::params![table, options, record.format], |r| Ok((r.get(0)?, r.get(1)?)))
                .optional()?
                .ok_or_else(|| StoreError::Missing(table.clone()))?;
            conn.prepare_cached("DELETE FROM actions WHERE table_id = ?1")?.execute([table])?;
            let mut insert =
                conn.prepare_cached("INSERT INTO actions (table_id, idx, action) VALUES (?1, ?2, ?3)")?;
            for (i, action) in record.actions.iter().enumerate() {
                insert.execute(rusqlite::params![table, i as i64, action])?;
            }
            let sum = upgraded_sum(&game, seed, record, &options);
            stamp(conn, table, record.actions.len(), sum)?;
            counts.insert(table.clone(), (record.actions.len(), sum));
        }
        Command::Append { table, first_index, actions, progress, .. } => {
            let (count, sum) = match counts.get(table).or_else(|| stored.get(table)) {
                Some(&known) => known,
                None => {
                    let raw = conn
                        .prepare_cached(&format!("SELECT {ROW_COLUMNS} FROM tables WHERE id = ?1"))?
                        .query_row([table], raw_row)
                        .optional()?
                        .ok_or_else(|| StoreError::Missing(table.clone()))?;
                    let mut read =
                        conn.prepare_cached("SELECT action FROM actions WHERE table_id = ?1 ORDER BY idx")?;
                    let list =
                        read.query_map([table], |r| r.get::<_, String>(0))?.collect::<Result<Vec<_>, _>>()?;
                    (list.len(), TableSum::of(RecordHead::from(&raw), &list))
                }
            };
            in_order(table, *first_index, count as i64)?;
            let mut insert =
                conn.prepare_cached("INSERT INTO actions (table_id, idx, action) VALUES (?1, ?2, ?3)")?;
            for (i, action) in actions.iter().enumerate() {
                insert.execute(rusqlite::params![table, (first_index + i) as i64, action])?;
            }
            let sum = sum.then_all(actions);
            stamp(conn, table, first_index + actions.len(), sum)?;
            conn.prepare_cached(
                "UPDATE tables SET turn = ?2, waiting = ?3, active_at = ?4, ranks = ?5 WHERE id = ?1",
            )?
            .execute(rusqlite::params![
                table,
                turn_json(progress.turn),
                progress.waiting.word(),
                now(),
                ranks_json(progress)
            ])?;
            counts.insert(table.clone(), (first_index + actions.len(), sum));
        }
    }
    Ok(None)
}

/// Writes a table's version and checksum, in the transaction that changed
/// its actions.
fn stamp(conn: &rusqlite::Connection, table: &str, version: usize, sum: TableSum) -> Result<(), StoreError> {
    conn.prepare_cached("UPDATE tables SET version = ?2, checksum = ?3 WHERE id = ?1")?
        .execute(rusqlite::params![table, version as i64, sum.text()])?;
    Ok(())
}
