//! Private ("embedded default") PostgreSQL and NATS JetStream instances.
//!
//! `plinth serve` uses these when `DATABASE_URL` / `NATS_URL` are unset: each
//! service runs from the system's binaries with all of its state under a
//! directory of the plinth data directory, listens on 127.0.0.1 only, on a
//! port that is picked once and remembered (file [`PORT_FILE`]) so restarts
//! keep the same URL.
//!
//! PostgreSQL runs as a daemon started by `pg_ctl`, so it can outlive a killed
//! `plinth`; the next [`LocalPostgres::start`] re-attaches to it. NATS runs as a
//! child process; a leftover one from a killed `plinth` is terminated (found
//! through its pid file) before a new one is started.
//!
//! One process owns each service: it holds an exclusive lock on the file
//! `<dir>.lock` beside the service's directory and stops the service when it
//! exits. The operating system drops the lock when its holder dies, which is how
//! a leftover is told apart from a server still in use. A second process (say
//! `plinth admin grant` beside a running `plinth serve`) finds the lock taken and
//! attaches without owning: it uses the running server and leaves it running.
//!
//! `initdb` and the PostgreSQL server refuse to run as root: when plinth runs
//! as root, they run as the `postgres` system user (via `runuser`), which is
//! made the owner of the cluster directory.
//!
//! Kept in one file on purpose: starting, watching and stopping the private PostgreSQL and NATS
//! servers share one process-handling core (ports, data dirs, readiness, shutdown order).

use std::collections::BTreeMap;
use std::net::{Ipv4Addr, TcpListener};
use std::os::unix::fs::PermissionsExt;
use std::path::{Path, PathBuf};
use std::process::{Output, Stdio};
use std::sync::{Mutex, MutexGuard, PoisonError};
use std::time::{Duration, Instant};

use anyhow::{anyhow, bail, Context, Result};
use tokio::io::AsyncReadExt;
use tokio::process::{Child, Command};
use tracing::{info, warn};

/// Name of the file, inside a service's directory, that remembers its TCP port.
pub const PORT_FILE: &str = "plinth-port";

/// Database superuser created by `initdb` (and used in [`LocalPostgres::url`]).
const PG_SUPERUSER: &str = "postgres";
/// System user that runs the PostgreSQL tools when plinth runs as root.
const PG_SYSTEM_USER: &str = "postgres";
/// Where Debian/Ubuntu install the PostgreSQL server binaries, one dir per major version.
const PG_LIB_DIR: &str = "/usr/lib/postgresql";
/// Seconds `pg_ctl` waits for start/stop to complete.
const PG_CTL_TIMEOUT_SECS: &str = "60";
/// Longest usable Unix socket path (`sun_path` is 108 bytes including the NUL).
const MAX_UNIX_SOCKET_PATH: usize = 107;
/// How long to wait for `nats-server` to accept connections.
const NATS_READY_TIMEOUT: Duration = Duration::from_secs(10);
/// How long to wait for `nats-server` to exit after SIGTERM before killing it.
const NATS_STOP_TIMEOUT: Duration = Duration::from_secs(10);
/// Directories searched for system binaries in addition to `PATH`
/// (`PATH` of a non-root user often lacks the sbin directories).
const EXTRA_BIN_DIRS: [&str; 5] = [
    "/usr/sbin",
    "/sbin",
    "/usr/local/sbin",
    "/usr/local/bin",
    "/usr/bin",
];

// ---------------------------------------------------------------------------
// PostgreSQL
// ---------------------------------------------------------------------------

/// A private PostgreSQL cluster under a directory, started with `pg_ctl`.
///
/// Stopped by [`LocalPostgres::stop`], or (best effort, synchronously) when dropped.
#[derive(Debug)]
pub struct LocalPostgres {
    /// Cluster (data) directory; also the Unix socket directory.
    dir: PathBuf,
    /// Directory holding `initdb`, `pg_ctl`, `psql`.
    bin_dir: PathBuf,
    /// TCP port on 127.0.0.1.
    port: u16,
    /// Database named in [`LocalPostgres::url`].
    database: String,
    /// `Some(path to runuser)` when running as root: the server-side tools then
    /// run as [`PG_SYSTEM_USER`].
    runuser: Option<PathBuf>,
    /// Whether this handle still has to stop the server.
    running: bool,
    /// Held while this process owns the cluster; `None` when attached to a
    /// cluster another process owns.
    owner: Option<OwnerLock>,
}

impl LocalPostgres {
    /// Starts (or re-attaches to a still-running) private cluster under `dir` (e.g. `<data>/postgres`),
    /// creating it with initdb on first use, and ensures database `database` exists. Returns once it accepts connections.
    ///
    /// When another live process owns the cluster, attaches to it without owning
    /// it: the server is then left running by [`Self::stop`] and on drop.
    ///
    /// `database` must match `[a-z0-9_]{1,63}`. Fails with installation advice
    /// when the PostgreSQL server binaries are missing.
    pub async fn start(dir: &Path, database: &str) -> Result<Self> {
        validate_database_name(database)?;
        let bin_dir = find_pg_bin_dir()?;
        let runuser = if effective_uid().await? == 0 {
            Some(find_runuser()?)
        } else {
            None
        };
        let dir = made_dir(dir, "PostgreSQL").await?;

        let owner = OwnerLock::try_take(&dir).await?;
        // From here on, dropping `pg` stops the server if it was started.
        let mut pg = LocalPostgres {
            dir,
            bin_dir,
            port: 0,
            database: database.to_owned(),
            runuser,
            running: false,
            owner,
        };
        let needs_initdb = !pg.dir.join("PG_VERSION").exists();
        if pg.owner.is_none() {
            return pg.attach_to_owned().await;
        }
        if needs_initdb {
            // Before any chown: never take over a directory that is not ours.
            pg.ensure_empty().await?;
        }
        if pg.runuser.is_some() {
            pg.hand_over_to_system_user().await?;
        }
        if needs_initdb {
            pg.initdb().await?;
        }

        if pg.dir.join("postmaster.pid").exists() && pg.is_server_running().await {
            let port = match read_postmaster_port(&pg.dir).await {
                Some(port) => port,
                None => read_port_file(&pg.dir).await.ok_or_else(|| {
                    anyhow!(
                        "PostgreSQL is running in {} but its port is unknown",
                        pg.dir.display()
                    )
                })?,
            };
            pg.port = port;
            pg.running = true;
            info!(port, dir = %pg.dir.display(), "re-attached to running private PostgreSQL");
        } else {
            pg.port = choose_port(&pg.dir).await?;
            if pg.runuser.is_some() {
                chown_to_system_user(&pg.dir.join(PORT_FILE), false).await?;
            }
            pg.pg_ctl_start().await?;
            pg.running = true;
            info!(port = pg.port, dir = %pg.dir.display(), "started private PostgreSQL");
        }

        pg.ensure_database().await?;
        Ok(pg)
    }

    /// Uses the cluster another process owns (and is responsible for stopping).
    async fn attach_to_owned(mut self) -> Result<Self> {
        let busy = || {
            anyhow!(
                "another plinth process owns {} but its PostgreSQL is not running yet; \
                 try again once that process has started, or stop it",
                self.dir.display()
            )
        };
        if !self.dir.join("PG_VERSION").exists() || !self.is_server_running().await {
            return Err(busy());
        }
        self.port = read_postmaster_port(&self.dir).await.ok_or_else(busy)?;
        info!(port = self.port, dir = %self.dir.display(), "attached to private PostgreSQL owned by another process");
        self.ensure_database().await?;
        Ok(self)
    }

    /// Whether this handle stops the server (`false` when attached to one
    /// another process owns).
    pub fn is_owner(&self) -> bool {
        self.owner.is_some()
    }

    /// Gives up ownership and leaves the server running, as if this process
    /// had been killed: the next [`Self::start`] on the directory adopts it.
    pub fn detach(mut self) {
        self.running = false;
        self.owner = None;
    }

    /// postgres://USER@127.0.0.1:PORT/DATABASE (TCP on loopback so sqlx connects normally)
    pub fn url(&self) -> String {
        format!(
            "postgres://{PG_SUPERUSER}@127.0.0.1:{}/{}",
            self.port, self.database
        )
    }

    /// The TCP port the server listens on (127.0.0.1).
    pub fn port(&self) -> u16 {
        self.port
    }

    /// The cluster directory.
    pub fn dir(&self) -> &Path {
        &self.dir
    }

    /// Fast shutdown (pg_ctl stop -m fast); idempotent.
    pub async fn stop(&mut self) -> Result<()> {
        if !self.running {
            return Ok(());
        }
        let mut cmd = Command::from(self.pg_ctl_stop_command());
        if let Err(err) = run(&mut cmd, "pg_ctl stop").await {
            if self.is_server_running().await {
                return Err(err.context(format!(
                    "stopping private PostgreSQL in {}",
                    self.dir.display()
                )));
            }
        }
        self.running = false;
        self.owner = None;
        info!(port = self.port, dir = %self.dir.display(), "stopped private PostgreSQL");
        Ok(())
    }

    /// A command running the PostgreSQL tool `name` from [`Self::bin_dir`],
    /// as [`PG_SYSTEM_USER`] when running as root, in the cluster directory.
    fn server_tool(&self, name: &str) -> std::process::Command {
        let exe = self.bin_dir.join(name);
        let mut cmd = match &self.runuser {
            Some(runuser) => {
                let mut cmd = std::process::Command::new(runuser);
                cmd.args(["-u", PG_SYSTEM_USER, "--"]).arg(exe);
                cmd
            }
            None => std::process::Command::new(exe),
        };
        cmd.current_dir(&self.dir)
            .stdin(Stdio::null())
            .env_remove("PGDATA")
            .env_remove("PGPORT")
            .env_remove("PGHOST");
        cmd
    }

    fn pg_ctl_stop_command(&self) -> std::process::Command {
        let mut cmd = self.server_tool("pg_ctl");
        cmd.arg("stop").arg("-D").arg(&self.dir).args([
            "-m",
            "fast",
            "-w",
            "-t",
            PG_CTL_TIMEOUT_SECS,
        ]);
        cmd
    }

    /// `pg_ctl status`: true when a server is running on this cluster.
    async fn is_server_running(&self) -> bool {
        let mut cmd = Command::from(self.server_tool("pg_ctl"));
        cmd.arg("status").arg("-D").arg(&self.dir);
        matches!(cmd.output().await, Ok(out) if out.status.success())
    }

    /// As root: makes the `postgres` system user own the cluster directory and
    /// checks that it can reach it.
    async fn hand_over_to_system_user(&self) -> Result<()> {
        let id = Command::new("id")
            .args(["-u", PG_SYSTEM_USER])
            .output()
            .await
            .context("running `id`")?;
        if !id.status.success() {
            bail!(
                "plinth runs as root, and PostgreSQL refuses to; there is no `{PG_SYSTEM_USER}` \
                 system user to run it as. Install the server with `apt-get install postgresql` \
                 (Debian/Ubuntu; it creates that user), or run plinth as a non-root user"
            );
        }
        chown_to_system_user(&self.dir, true).await?;

        if self
            .system_user_test(&["-w", "-a", "-x"], &self.dir)
            .await?
        {
            return Ok(());
        }
        let ancestors: Vec<&Path> = self.dir.ancestors().skip(1).collect();
        for ancestor in ancestors.into_iter().rev() {
            if !self.system_user_test(&["-x"], ancestor).await? {
                bail!(
                    "the `{PG_SYSTEM_USER}` system user (which runs PostgreSQL because plinth runs as root) \
                     cannot traverse {}, so it cannot reach {}; make it traversable \
                     (e.g. `chmod o+x {}`) or use a data directory elsewhere (e.g. under /tmp or /var/lib)",
                    ancestor.display(),
                    self.dir.display(),
                    ancestor.display()
                );
            }
        }
        bail!(
            "the `{PG_SYSTEM_USER}` system user cannot write to {} even after chown",
            self.dir.display()
        )
    }

    /// Runs `test <flags> <path>` as the system user (flags joined with `-a`
    /// are applied to the same path).
    async fn system_user_test(&self, flags: &[&str], path: &Path) -> Result<bool> {
        let runuser = self
            .runuser
            .as_ref()
            .ok_or_else(|| anyhow!("not running as root"))?;
        let mut cmd = Command::new(runuser);
        cmd.args(["-u", PG_SYSTEM_USER, "--", "test"]);
        for flag in flags {
            if *flag == "-a" {
                cmd.arg("-a");
            } else {
                cmd.arg(flag).arg(path);
            }
        }
        let out = cmd
            .current_dir("/")
            .stdin(Stdio::null())
            .output()
            .await
            .context("running `runuser`")?;
        Ok(out.status.success())
    }

    /// Fails unless the (not yet initialised) cluster directory is empty.
    async fn ensure_empty(&self) -> Result<()> {
        let mut entries = tokio::fs::read_dir(&self.dir)
            .await
            .with_context(|| format!("reading {}", self.dir.display()))?;
        if entries.next_entry().await?.is_some() {
            bail!(
                "{} is not empty but is not a PostgreSQL cluster (no PG_VERSION); \
                 remove it or use another data directory",
                self.dir.display()
            );
        }
        Ok(())
    }

    /// Creates the cluster with `initdb` (trust auth, UTF8, C.UTF-8 or C locale).
    async fn initdb(&self) -> Result<()> {
        info!(dir = %self.dir.display(), "creating private PostgreSQL cluster (initdb)");
        let mut failures = Vec::new();
        for locale in ["C.UTF-8", "C"] {
            let mut cmd = Command::from(self.server_tool("initdb"));
            cmd.arg("-D")
                .arg(&self.dir)
                .arg("--auth=trust")
                .arg(format!("--username={PG_SUPERUSER}"))
                .arg("--encoding=UTF8")
                .arg(format!("--locale={locale}"));
            match run(&mut cmd, "initdb").await {
                Ok(_) => return Ok(()),
                Err(err) => {
                    warn!(locale, error = %format!("{err:#}"), "initdb failed");
                    failures.push(format!("with --locale={locale}: {err:#}"));
                }
            }
        }
        bail!(
            "could not create a PostgreSQL cluster in {}: {}",
            self.dir.display(),
            failures.join("; ")
        )
    }

    /// `pg_ctl start -w` on [`Self::port`], loopback only, socket in the cluster dir.
    async fn pg_ctl_start(&self) -> Result<()> {
        let dir_str = self
            .dir
            .to_str()
            .ok_or_else(|| anyhow!("{} is not valid UTF-8", self.dir.display()))?;
        // A socket path that does not fit in sun_path would make the server
        // fail; TCP is all plinth needs, so then go without the Unix socket.
        let socket_dir = if dir_str.len() + "/.s.PGSQL.65535".len() <= MAX_UNIX_SOCKET_PATH {
            shell_quote(dir_str)
        } else {
            warn!(
                dir = dir_str,
                "cluster path too long for a Unix socket; TCP only"
            );
            "''".to_owned()
        };
        let options = format!(
            "-p {} -k {socket_dir} -c listen_addresses=127.0.0.1 \
             -c max_connections=200 -c shared_buffers=256MB",
            self.port
        );
        let log = self.dir.join("server.log");
        let mut cmd = Command::from(self.server_tool("pg_ctl"));
        cmd.arg("-D")
            .arg(&self.dir)
            .arg("-l")
            .arg(&log)
            .arg("-o")
            .arg(options)
            .args(["-w", "-t", PG_CTL_TIMEOUT_SECS, "start"]);
        if let Err(err) = run(&mut cmd, "pg_ctl start").await {
            bail!(
                "starting private PostgreSQL in {} on port {}: {err:#}\n--- {} (last lines) ---\n{}",
                self.dir.display(),
                self.port,
                log.display(),
                log_tail(&log, 20).await
            );
        }
        Ok(())
    }

    /// Creates [`Self::database`] unless it exists.
    async fn ensure_database(&self) -> Result<()> {
        let exists_sql = format!(
            "SELECT 1 FROM pg_database WHERE datname = '{}'",
            self.database
        );
        if self.psql(&exists_sql).await?.trim() == "1" {
            return Ok(());
        }
        let create_sql = format!("CREATE DATABASE \"{}\"", self.database);
        if let Err(err) = self.psql(&create_sql).await {
            // Lost a race with another creator?
            if self.psql(&exists_sql).await?.trim() != "1" {
                return Err(err);
            }
        }
        info!(database = %self.database, "created database in private PostgreSQL");
        Ok(())
    }

    /// Runs one SQL command with `psql` over TCP in database `postgres`; returns its unaligned output.
    async fn psql(&self, sql: &str) -> Result<String> {
        let mut cmd = Command::new(self.bin_dir.join("psql"));
        cmd.args(["-X", "-q", "-v", "ON_ERROR_STOP=1", "-h", "127.0.0.1", "-p"])
            .arg(self.port.to_string())
            .args(["-U", PG_SUPERUSER, "-d", "postgres", "-tAc", sql])
            .env("PGCONNECT_TIMEOUT", "10")
            .env("PGSSLMODE", "disable")
            .env_remove("PGPASSWORD")
            .env_remove("PGSERVICE")
            .env_remove("PGOPTIONS")
            .stdin(Stdio::null());
        let out = run(&mut cmd, "psql").await?;
        Ok(String::from_utf8_lossy(&out.stdout).into_owned())
    }
}

impl Drop for LocalPostgres {
    /// Best-effort synchronous fast shutdown if still running.
    fn drop(&mut self) {
        if !self.running {
            return;
        }
        self.running = false;
        let result = self
            .pg_ctl_stop_command()
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .status();
        match result {
            Ok(status) if status.success() => {
                info!(port = self.port, dir = %self.dir.display(), "stopped private PostgreSQL");
            }
            Ok(status) => warn!(%status, dir = %self.dir.display(), "pg_ctl stop failed"),
            Err(err) => warn!(error = %err, dir = %self.dir.display(), "could not run pg_ctl stop"),
        }
    }
}

/// Accepts `[a-z0-9_]{1,63}` (safe to inline in SQL).
fn validate_database_name(name: &str) -> Result<()> {
    let valid = (1..=63).contains(&name.len())
        && name
            .bytes()
            .all(|b| b.is_ascii_lowercase() || b.is_ascii_digit() || b == b'_');
    if !valid {
        bail!("invalid database name {name:?}: expected 1 to 63 characters of [a-z0-9_]");
    }
    Ok(())
}

/// `PG_BIN_DIR`, else the highest version under `/usr/lib/postgresql/*/bin`,
/// else the directory of `initdb` found on `PATH`.
fn find_pg_bin_dir() -> Result<PathBuf> {
    let has_tools = |dir: &Path| {
        ["initdb", "pg_ctl", "psql"]
            .iter()
            .all(|t| is_executable(&dir.join(t)))
    };
    let named = path_from_env(
        "PG_BIN_DIR",
        has_tools,
        "does not contain initdb, pg_ctl and psql",
    )?;
    if let Some(dir) = named {
        return Ok(dir);
    }
    let mut best: Option<(Vec<u32>, PathBuf)> = None;
    if let Ok(entries) = std::fs::read_dir(PG_LIB_DIR) {
        for entry in entries.flatten() {
            let name = entry.file_name();
            let Some(version) = name.to_str().and_then(parse_version) else {
                continue;
            };
            let bin = entry.path().join("bin");
            if has_tools(&bin) && best.as_ref().is_none_or(|(v, _)| version > *v) {
                best = Some((version, bin));
            }
        }
    }
    if let Some((_, bin)) = best {
        return Ok(bin);
    }
    if let Some(dir) = find_binary("initdb").and_then(|p| p.parent().map(Path::to_path_buf)) {
        if has_tools(&dir) {
            return Ok(dir);
        }
    }
    bail!(
        "PostgreSQL server binaries (initdb, pg_ctl, psql) not found in {PG_LIB_DIR}/*/bin or on PATH; \
         install them with `apt-get install postgresql` (Debian/Ubuntu), set PG_BIN_DIR to their \
         directory, or set DATABASE_URL to use an existing server"
    )
}

/// `dir`, created if need be (as the `what` directory), as an absolute path.
async fn made_dir(dir: &Path, what: &str) -> Result<PathBuf> {
    tokio::fs::create_dir_all(dir)
        .await
        .with_context(|| format!("creating {what} directory {}", dir.display()))?;
    tokio::fs::canonicalize(dir)
        .await
        .with_context(|| format!("resolving {}", dir.display()))
}

/// The path the variable `var` names, when it is set: an error (`<var>=<path> <problem>`) unless
/// `usable` says it is.
fn path_from_env(
    var: &str,
    usable: impl Fn(&Path) -> bool,
    problem: &str,
) -> Result<Option<PathBuf>> {
    let Some(path) = std::env::var_os(var).map(PathBuf::from) else {
        return Ok(None);
    };
    if !usable(&path) {
        bail!("{var}={} {problem}", path.display());
    }
    Ok(Some(path))
}

/// "15" → [15], "9.6" → [9, 6]; `None` for anything else.
fn parse_version(name: &str) -> Option<Vec<u32>> {
    name.split('.').map(|part| part.parse().ok()).collect()
}

fn find_runuser() -> Result<PathBuf> {
    find_binary("runuser").ok_or_else(|| {
        anyhow!(
            "plinth runs as root, so PostgreSQL must run as the `{PG_SYSTEM_USER}` user via `runuser`, \
             which was not found; install util-linux or run plinth as a non-root user"
        )
    })
}

/// Port from line 4 of `postmaster.pid`.
async fn read_postmaster_port(dir: &Path) -> Option<u16> {
    let text = tokio::fs::read_to_string(dir.join("postmaster.pid"))
        .await
        .ok()?;
    text.lines().nth(3)?.trim().parse().ok().filter(|p| *p != 0)
}

/// `chown [-R] postgres: path`.
async fn chown_to_system_user(path: &Path, recursive: bool) -> Result<()> {
    let mut cmd = Command::new("chown");
    if recursive {
        cmd.arg("-R");
    }
    cmd.arg(format!("{PG_SYSTEM_USER}:")).arg(path);
    run(&mut cmd, "chown").await.map(|_| ())
}

/// Single-quotes `s` for `sh` (pg_ctl passes `-o` through the shell).
fn shell_quote(s: &str) -> String {
    format!("'{}'", s.replace('\'', r"'\''"))
}

// ---------------------------------------------------------------------------
// NATS
// ---------------------------------------------------------------------------

/// A private `nats-server` with JetStream, run as a child process.
///
/// Stopped by [`LocalNats::stop`], or when dropped (SIGTERM, then the child is
/// killed on drop).
#[derive(Debug)]
pub struct LocalNats {
    /// Directory holding the JetStream store, log, pid file and port file.
    dir: PathBuf,
    /// TCP port on 127.0.0.1.
    port: u16,
    /// The server process, until stopped; `None` also when attached to a
    /// server another process owns.
    child: Option<Child>,
    /// Held while this process owns the server.
    owner: Option<OwnerLock>,
}

impl LocalNats {
    /// Starts `nats-server -js` bound to 127.0.0.1 on a free (or previously used, remembered) port with its store under `dir`.
    ///
    /// Returns once the server accepts connections (up to 10 s). Fails with
    /// installation advice when `nats-server` is missing. When another live
    /// process owns the server, attaches to it and leaves it running.
    pub async fn start(dir: &Path) -> Result<Self> {
        let bin = find_nats_server()?;
        let dir = made_dir(dir, "NATS").await?;

        let Some(owner) = OwnerLock::try_take(&dir).await? else {
            return Self::attach_to_owned(dir).await;
        };
        stop_stale_nats(&dir).await;
        let port = choose_port(&dir).await?;
        let log = dir.join("nats.log");
        // Errors before nats-server opens its log file go to stderr: append them there too.
        let stderr = std::fs::OpenOptions::new()
            .create(true)
            .append(true)
            .open(&log)
            .with_context(|| format!("opening {}", log.display()))?;
        let child = Command::new(&bin)
            .arg("-js")
            .args(["-a", "127.0.0.1", "-p"])
            .arg(port.to_string())
            .arg("-sd")
            .arg(dir.join("jetstream"))
            .arg("-l")
            .arg(&log)
            .arg("-P")
            .arg(dir.join("nats.pid"))
            .current_dir(&dir)
            .stdin(Stdio::null())
            .stdout(Stdio::null())
            .stderr(Stdio::from(stderr))
            .kill_on_drop(true)
            .spawn()
            .with_context(|| format!("starting {}", bin.display()))?;

        // From here on, dropping `nats` stops the child.
        let mut nats = LocalNats {
            dir,
            port,
            child: Some(child),
            owner: Some(owner),
        };
        nats.wait_until_ready(&log).await?;
        info!(port, dir = %nats.dir.display(), "started private NATS JetStream");
        Ok(nats)
    }

    /// Uses the server another process owns (and is responsible for stopping).
    async fn attach_to_owned(dir: PathBuf) -> Result<Self> {
        match read_port_file(&dir).await {
            Some(port) if nats_greets(port).await => {
                info!(port, dir = %dir.display(), "attached to private NATS owned by another process");
                Ok(LocalNats {
                    dir,
                    port,
                    child: None,
                    owner: None,
                })
            }
            _ => bail!(
                "another plinth process owns {} but its nats-server is not answering; \
                 try again once that process has started, or stop it",
                dir.display()
            ),
        }
    }

    /// Whether this handle stops the server (`false` when attached to one
    /// another process owns).
    pub fn is_owner(&self) -> bool {
        self.owner.is_some()
    }

    /// Gives up ownership and leaves the server running, as if this process
    /// had been killed: the next [`Self::start`] on the directory replaces it.
    pub fn detach(mut self) {
        if let Some(child) = self.child.take() {
            // Dropping the handle would kill the process (`kill_on_drop`).
            std::mem::forget(child);
        }
        self.owner = None;
    }

    /// nats://127.0.0.1:PORT
    pub fn url(&self) -> String {
        format!("nats://127.0.0.1:{}", self.port)
    }

    /// The TCP port the server listens on (127.0.0.1).
    pub fn port(&self) -> u16 {
        self.port
    }

    /// The directory holding the server's state.
    pub fn dir(&self) -> &Path {
        &self.dir
    }

    /// Graceful shutdown (SIGTERM, then SIGKILL after 10 s); waits for the
    /// process to exit. Idempotent.
    pub async fn stop(&mut self) -> Result<()> {
        let Some(mut child) = self.child.take() else {
            return Ok(());
        };
        if child.try_wait()?.is_none() {
            if let Some(pid) = child.id() {
                let _ = Command::new("kill")
                    .args(["-TERM", &pid.to_string()])
                    .stdin(Stdio::null())
                    .output()
                    .await;
            }
            match tokio::time::timeout(NATS_STOP_TIMEOUT, child.wait()).await {
                Ok(status) => {
                    status.context("waiting for nats-server to exit")?;
                }
                Err(_) => {
                    warn!(port = self.port, "nats-server ignored SIGTERM; killing it");
                    child.kill().await.context("killing nats-server")?;
                }
            }
        }
        let _ = tokio::fs::remove_file(self.dir.join("nats.pid")).await;
        self.owner = None;
        info!(port = self.port, dir = %self.dir.display(), "stopped private NATS JetStream");
        Ok(())
    }

    /// Polls until the server greets on its port; fails with the log's tail if
    /// it exits or does not come up in time.
    async fn wait_until_ready(&mut self, log: &Path) -> Result<()> {
        let deadline = Instant::now() + NATS_READY_TIMEOUT;
        loop {
            let child = self
                .child
                .as_mut()
                .ok_or_else(|| anyhow!("nats-server is not running"))?;
            if let Some(status) = child.try_wait()? {
                self.child = None;
                bail!(
                    "nats-server exited ({status}) before accepting connections on port {}\n\
                     --- {} (last lines) ---\n{}",
                    self.port,
                    log.display(),
                    log_tail(log, 20).await
                );
            }
            if nats_greets(self.port).await {
                return Ok(());
            }
            if Instant::now() >= deadline {
                bail!(
                    "nats-server did not accept connections on port {} within {} s\n\
                     --- {} (last lines) ---\n{}",
                    self.port,
                    NATS_READY_TIMEOUT.as_secs(),
                    log.display(),
                    log_tail(log, 20).await
                );
            }
            tokio::time::sleep(Duration::from_millis(50)).await;
        }
    }
}

impl Drop for LocalNats {
    /// Best effort: SIGTERM and up to 3 s for a clean exit; the child is then
    /// killed (`kill_on_drop`) if still running.
    fn drop(&mut self) {
        let Some(mut child) = self.child.take() else {
            return;
        };
        if let (Ok(None), Some(pid)) = (child.try_wait(), child.id()) {
            let _ = std::process::Command::new("kill")
                .args(["-TERM", &pid.to_string()])
                .stdin(Stdio::null())
                .stdout(Stdio::null())
                .stderr(Stdio::null())
                .status();
            let deadline = Instant::now() + Duration::from_secs(3);
            while Instant::now() < deadline && matches!(child.try_wait(), Ok(None)) {
                std::thread::sleep(Duration::from_millis(20));
            }
        }
        let _ = std::fs::remove_file(self.dir.join("nats.pid"));
        info!(port = self.port, dir = %self.dir.display(), "stopped private NATS JetStream");
    }
}

/// `NATS_SERVER_BIN`, else `nats-server` on `PATH` or in the usual sbin directories.
fn find_nats_server() -> Result<PathBuf> {
    let named = path_from_env(
        "NATS_SERVER_BIN",
        is_executable,
        "is not an executable file",
    )?;
    named.or_else(|| find_binary("nats-server")).ok_or_else(|| {
        anyhow!(
            "nats-server not found on PATH or in /usr/sbin; install it with \
             `apt-get install nats-server` (Debian/Ubuntu), set NATS_SERVER_BIN to it, \
             or set NATS_URL to use an existing server"
        )
    })
}

/// True when the server on `port` sends its `INFO` greeting.
async fn nats_greets(port: u16) -> bool {
    let attempt = async {
        let mut stream = tokio::net::TcpStream::connect((Ipv4Addr::LOCALHOST, port)).await?;
        let mut greeting = [0u8; 4];
        stream.read_exact(&mut greeting).await?;
        std::io::Result::Ok(&greeting == b"INFO")
    };
    matches!(
        tokio::time::timeout(Duration::from_secs(1), attempt).await,
        Ok(Ok(true))
    )
}

/// Terminates a `nats-server` left running on `dir` by an earlier plinth that
/// was killed (found through `dir/nats.pid`; only if its command line names `dir`).
async fn stop_stale_nats(dir: &Path) {
    let pid_file = dir.join("nats.pid");
    let Some(pid) = tokio::fs::read_to_string(&pid_file)
        .await
        .ok()
        .and_then(|s| s.trim().parse::<u32>().ok())
    else {
        return;
    };
    let proc_dir = PathBuf::from(format!("/proc/{pid}"));
    let Ok(cmdline) = tokio::fs::read(proc_dir.join("cmdline")).await else {
        let _ = tokio::fs::remove_file(&pid_file).await;
        return;
    };
    let cmdline = String::from_utf8_lossy(&cmdline);
    if !cmdline.contains("nats-server") || !cmdline.contains(&*dir.to_string_lossy()) {
        let _ = tokio::fs::remove_file(&pid_file).await;
        return;
    }
    warn!(pid, dir = %dir.display(), "terminating leftover private nats-server");
    for signal in ["-TERM", "-KILL"] {
        let _ = Command::new("kill")
            .args([signal, &pid.to_string()])
            .stdin(Stdio::null())
            .output()
            .await;
        let deadline = Instant::now() + Duration::from_secs(5);
        while Instant::now() < deadline {
            if !process_alive(&proc_dir).await {
                let _ = tokio::fs::remove_file(&pid_file).await;
                return;
            }
            tokio::time::sleep(Duration::from_millis(50)).await;
        }
    }
}

/// Whether `/proc/PID` exists and is not a zombie.
async fn process_alive(proc_dir: &Path) -> bool {
    match tokio::fs::read_to_string(proc_dir.join("stat")).await {
        // Field 3, after the parenthesised command name, is the state.
        Ok(stat) => stat
            .rsplit_once(')')
            .and_then(|(_, rest)| rest.split_whitespace().next())
            .is_some_and(|state| state != "Z" && state != "X"),
        Err(_) => false,
    }
}

// ---------------------------------------------------------------------------
// Shared helpers
// ---------------------------------------------------------------------------

/// An exclusive advisory lock (`flock`) on `<dir>.lock`, held by the process
/// that owns the service in `dir`; the operating system releases it when that
/// process exits, however it exits.
#[derive(Debug)]
struct OwnerLock {
    path: PathBuf,
    _file: std::fs::File,
}

/// The lock files this process has taken: `true` while held, `false` once
/// let go of. A lock let go of can read as held for a moment afterwards: a
/// child that another thread is spawning holds a copy of every open file of
/// this process, the lock's included, from its fork until its exec closes it
/// (`O_CLOEXEC`).
static TAKEN_HERE: Mutex<BTreeMap<PathBuf, bool>> = Mutex::new(BTreeMap::new());

/// How long a lock this process released is waited for before it is taken
/// to belong to another process.
const RELEASED_LOCK_GRACE: Duration = Duration::from_secs(3);

impl OwnerLock {
    /// The lock, or `None` when another open handle (another process, or
    /// another owner in this one) holds it.
    async fn try_take(dir: &Path) -> Result<Option<Self>> {
        let mut path = dir.as_os_str().to_owned();
        path.push(".lock");
        let path = PathBuf::from(path);
        let file = std::fs::OpenOptions::new()
            .create(true)
            .truncate(false)
            .write(true)
            .open(&path)
            .with_context(|| format!("opening {}", path.display()))?;
        let deadline = Instant::now() + RELEASED_LOCK_GRACE;
        loop {
            match file.try_lock() {
                Ok(()) => {
                    taken_here().insert(path.clone(), true);
                    return Ok(Some(OwnerLock { path, _file: file }));
                }
                Err(std::fs::TryLockError::WouldBlock)
                    if Instant::now() < deadline && taken_here().get(&path) == Some(&false) =>
                {
                    tokio::time::sleep(Duration::from_millis(20)).await;
                }
                Err(std::fs::TryLockError::WouldBlock) => return Ok(None),
                Err(std::fs::TryLockError::Error(err)) => {
                    return Err(err).with_context(|| format!("locking {}", path.display()))
                }
            }
        }
    }
}

impl Drop for OwnerLock {
    fn drop(&mut self) {
        taken_here().insert(self.path.clone(), false);
    }
}

fn taken_here() -> MutexGuard<'static, BTreeMap<PathBuf, bool>> {
    TAKEN_HERE.lock().unwrap_or_else(PoisonError::into_inner)
}

/// Effective uid, from `/proc/self/status`, else `id -u`.
async fn effective_uid() -> Result<u32> {
    if let Ok(status) = tokio::fs::read_to_string("/proc/self/status").await {
        let euid = status
            .lines()
            .find_map(|line| line.strip_prefix("Uid:"))
            .and_then(|ids| ids.split_whitespace().nth(1))
            .and_then(|euid| euid.parse().ok());
        if let Some(euid) = euid {
            return Ok(euid);
        }
    }
    let out = run(Command::new("id").arg("-u"), "id -u").await?;
    String::from_utf8_lossy(&out.stdout)
        .trim()
        .parse()
        .context("parsing `id -u` output")
}

/// The remembered port in `dir/plinth-port` if it is free now, else a new free
/// port (which is then remembered).
async fn choose_port(dir: &Path) -> Result<u16> {
    if let Some(port) = read_port_file(dir).await {
        if port_is_free(port) {
            return Ok(port);
        }
        warn!(port, dir = %dir.display(), "remembered port is in use; picking another");
    }
    let port = TcpListener::bind((Ipv4Addr::LOCALHOST, 0))
        .and_then(|listener| listener.local_addr())
        .context("finding a free TCP port on 127.0.0.1")?
        .port();
    let file = dir.join(PORT_FILE);
    tokio::fs::write(&file, format!("{port}\n"))
        .await
        .with_context(|| format!("writing {}", file.display()))?;
    Ok(port)
}

async fn read_port_file(dir: &Path) -> Option<u16> {
    tokio::fs::read_to_string(dir.join(PORT_FILE))
        .await
        .ok()?
        .trim()
        .parse()
        .ok()
        .filter(|p| *p != 0)
}

fn port_is_free(port: u16) -> bool {
    TcpListener::bind((Ipv4Addr::LOCALHOST, port)).is_ok()
}

/// `name` on `PATH` or in [`EXTRA_BIN_DIRS`].
fn find_binary(name: &str) -> Option<PathBuf> {
    let path = std::env::var_os("PATH").unwrap_or_default();
    std::env::split_paths(&path)
        .chain(EXTRA_BIN_DIRS.iter().map(PathBuf::from))
        .map(|dir| dir.join(name))
        .find(|candidate| is_executable(candidate))
}

fn is_executable(path: &Path) -> bool {
    std::fs::metadata(path).is_ok_and(|m| m.is_file() && m.permissions().mode() & 0o111 != 0)
}

/// Runs `cmd` to completion; an error (with its output) unless it exits 0.
async fn run(cmd: &mut Command, what: &str) -> Result<Output> {
    let out = cmd
        .output()
        .await
        .with_context(|| format!("running {what}"))?;
    if !out.status.success() {
        let mut text = String::from_utf8_lossy(&out.stderr).trim().to_owned();
        let stdout = String::from_utf8_lossy(&out.stdout);
        if !stdout.trim().is_empty() {
            text = format!("{}\n{text}", stdout.trim());
        }
        bail!("{what} failed ({}): {}", out.status, text.trim());
    }
    Ok(out)
}

/// The last `lines` lines of a log file (or a note that it cannot be read).
async fn log_tail(path: &Path, lines: usize) -> String {
    match tokio::fs::read(path).await {
        Ok(bytes) => {
            let text = String::from_utf8_lossy(&bytes);
            let all: Vec<&str> = text.lines().collect();
            all[all.len().saturating_sub(lines)..].join("\n")
        }
        Err(err) => format!("(cannot read {}: {err})", path.display()),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn database_names() {
        assert!(validate_database_name("plinth").is_ok());
        assert!(validate_database_name("plinth_test_2").is_ok());
        assert!(validate_database_name("").is_err());
        assert!(validate_database_name("Plinth").is_err());
        assert!(validate_database_name("a'b").is_err());
        assert!(validate_database_name(&"a".repeat(64)).is_err());
    }

    #[test]
    fn versions_and_quoting() {
        assert_eq!(parse_version("15"), Some(vec![15]));
        assert_eq!(parse_version("9.6"), Some(vec![9, 6]));
        assert_eq!(parse_version("common"), None);
        assert!(parse_version("16") > parse_version("9.6"));
        assert_eq!(shell_quote("/tmp/a b"), "'/tmp/a b'");
        assert_eq!(shell_quote("it's"), r"'it'\''s'");
    }

    /// A fresh directory path under the temp dir (not created: the lock file sits beside it).
    fn scratch(tag: &str) -> PathBuf {
        std::env::temp_dir().join(format!(
            "plinth-lock-{tag}-{}-{:016x}",
            std::process::id(),
            rand::random::<u64>()
        ))
    }

    fn lock_file(dir: &Path) -> PathBuf {
        let mut path = dir.as_os_str().to_owned();
        path.push(".lock");
        PathBuf::from(path)
    }

    #[tokio::test]
    async fn a_lock_let_go_of_is_taken_again_once_a_spawning_child_drops_its_copy() {
        // Given an owner, and a copy of its lock file as a child between fork and exec holds it.
        let dir = scratch("copy");
        let owner = OwnerLock::try_take(&dir).await.unwrap().unwrap();
        let childs_copy = owner._file.try_clone().unwrap();
        // When the owner lets go, and the child execs a moment later.
        drop(owner);
        let exec = tokio::spawn(async move {
            tokio::time::sleep(Duration::from_millis(200)).await;
            drop(childs_copy);
        });
        // Then the next owner waits for that and takes the lock.
        let again = OwnerLock::try_take(&dir).await.unwrap();
        assert!(
            again.is_some(),
            "a lock let go of here was taken to be another owner's"
        );
        exec.await.unwrap();
        // And while it is held, a second taker in this process gets nothing, at once.
        let started = Instant::now();
        assert!(OwnerLock::try_take(&dir).await.unwrap().is_none());
        assert!(
            started.elapsed() < RELEASED_LOCK_GRACE,
            "waited for a lock held here"
        );
        drop(again);
        let _ = std::fs::remove_file(lock_file(&dir));
    }

    #[tokio::test]
    async fn a_lock_another_process_holds_is_not_taken() {
        // Given a lock held through a handle this module did not make (another process's).
        let dir = scratch("other");
        let other = std::fs::File::create(lock_file(&dir)).unwrap();
        other.try_lock().unwrap();
        // When it is asked for, then it is not granted.
        assert!(OwnerLock::try_take(&dir).await.unwrap().is_none());
        // And once that process exits, it is.
        drop(other);
        assert!(OwnerLock::try_take(&dir).await.unwrap().is_some());
        let _ = std::fs::remove_file(lock_file(&dir));
    }
}
