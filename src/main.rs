//! `plinth`: one binary whose subcommands run every process of the system.

use clap::{Parser, Subcommand};

use platform::config::Config;
use plinth::app::{self, Services};
use std::path::PathBuf;
use std::process::ExitCode;

/// mimalloc, not glibc's malloc: every read allocates its answer, and glibc's allocator took a
/// fifth of the server's CPU under load; every read but search is 17-61% faster with it, search
/// about 15% slower (docs/PERFORMANCE.md).
#[global_allocator]
static ALLOCATOR: mimalloc::MiMalloc = mimalloc::MiMalloc;

#[derive(Parser)]
#[command(
    name = "plinth",
    version,
    about = "Plinth: a community registry of public art"
)]
struct Cli {
    #[command(subcommand)]
    command: Cmd,
}

#[derive(Subcommand)]
enum Cmd {
    /// Everything in one process: both APIs under /api, the relay and all projectors.
    Serve {
        /// On first run (no imported record yet), import these open-data files.
        #[arg(long)]
        demo: bool,
        /// The built web app to serve at `/`.
        #[arg(long, default_value = "webapp/dist")]
        web_dir: PathBuf,
        files: Vec<PathBuf>,
    },
    /// The write API alone (every non-GET route under /api) and the relay that publishes stored
    /// events.
    CommandApi,
    /// The read API alone.
    QueryApi,
    /// All projectors alone.
    Projectors,
    /// Apply database migrations and exit.
    Migrate,
    /// Rebuild read models from the event store and swap them in (all projectors, or one).
    Replay { projector: Option<String> },
    /// Import open-data files through commands: the datasets of datasets/public-art by name,
    /// any other CSV, GeoJSON, JSON, Overpass JSON or OSM XML file with a mapping (docs/IMPORTING.md).
    Import {
        #[arg(required = true)]
        files: Vec<PathBuf>,
        /// The mapping (TOML) for every file; by default FILE.mapping.toml beside each file.
        #[arg(long)]
        mapping: Option<PathBuf>,
        /// Propose a mapping for each file, written beside it as FILE.mapping.toml; imports
        /// nothing.
        #[arg(long, conflicts_with_all = ["mapping", "dry_run"])]
        infer: bool,
        /// Report what the import would do (new, already imported, rejected and why) without
        /// writing anything.
        #[arg(long)]
        dry_run: bool,
        /// Write every record's outcome to this CSV file.
        #[arg(long)]
        report: Option<PathBuf>,
    },
    /// Measure command-to-read-model latency against a running `plinth serve`.
    BenchLag {
        #[arg(long, default_value_t = 200)]
        samples: usize,
    },
    /// Measure an artwork's history and "as of" state rebuilt from a long event stream.
    BenchHistory {
        #[arg(long, default_value_t = 1000)]
        events: usize,
        #[arg(long, default_value_t = 200)]
        samples: usize,
    },
    /// Measure the badge process manager's and the notifications' lag under a load of
    /// sign-ups (two events each) against a running `plinth serve`.
    BenchAwards {
        /// Sign-ups per second.
        #[arg(long, default_value_t = 250)]
        rate: u32,
        #[arg(long, default_value_t = 20)]
        seconds: u32,
    },
    /// Account administration.
    Admin {
        #[command(subcommand)]
        command: AdminCmd,
    },
    /// Write the open-data dump: artworks.geojson, artworks.csv and artworks.osm (every
    /// approved artwork, with each record's licence and attribution) into DIR.
    Export {
        #[arg(long, default_value = "./export")]
        dir: PathBuf,
    },
    /// Write deterministic synthetic artworks for benchmarks.
    SeedSynthetic {
        #[arg(long)]
        artworks: usize,
        #[arg(long, default_value_t = 1)]
        seed: u64,
    },
}

#[derive(Subcommand)]
enum AdminCmd {
    /// Grant a permission; creates the account when the address has never signed in.
    Grant {
        #[arg(long)]
        email: String,
        /// admin or moderator
        #[arg(long)]
        permission: String,
    },
    /// Revoke a permission.
    Revoke {
        #[arg(long)]
        email: String,
        #[arg(long)]
        permission: String,
    },
    /// Load a boundary file (a GeoJSON FeatureCollection of neighbourhoods) as the areas people
    /// can finish, in place of the one in force.
    LoadAreas {
        file: PathBuf,
        /// What the file is (e.g. "Local area boundaries").
        #[arg(long)]
        name: String,
        /// Whom it comes from and under which licence.
        #[arg(long)]
        attribution: String,
        /// The feature property naming each area (by default: name, Name, NAME, …).
        #[arg(long)]
        name_property: Option<String>,
    },
    /// Clear the boundary file in force: areas are grid cells of about a kilometre again.
    ClearAreas,
}

fn init_logging(config: &Config) {
    let filter = tracing_subscriber::EnvFilter::try_new(&config.log)
        .unwrap_or_else(|_| tracing_subscriber::EnvFilter::new("info"));
    tracing_subscriber::fmt()
        .with_env_filter(filter)
        .with_writer(std::io::stderr)
        .init();
}

fn main() -> ExitCode {
    let runtime = match tokio::runtime::Builder::new_multi_thread()
        .enable_all()
        .build()
    {
        Ok(r) => r,
        Err(e) => {
            eprintln!("error: cannot start the async runtime: {e}");
            return ExitCode::FAILURE;
        }
    };
    let code = runtime.block_on(async_main());
    // Background followers (geo index, positions) end with the runtime; don't wait on them.
    runtime.shutdown_timeout(std::time::Duration::from_secs(5));
    code
}

async fn async_main() -> ExitCode {
    let cli = Cli::parse();
    // A `.env` in the working directory fills in what the environment does not set.
    let _ = dotenvy::dotenv();
    let config = match Config::from_env() {
        Ok(c) => c,
        Err(e) => {
            eprintln!("configuration error: {e}");
            return ExitCode::from(2);
        }
    };
    init_logging(&config);
    match run(cli.command, config).await {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("error: {e:#}");
            ExitCode::FAILURE
        }
    }
}

async fn run(command: Cmd, config: Config) -> anyhow::Result<()> {
    // Proposing a mapping reads files only: no services.
    if let Cmd::Import {
        files, infer: true, ..
    } = &command
    {
        for file in files {
            let (written, inferred) = plinth::import::run::infer_beside(file)?;
            println!(
                "{}: proposed mapping written to {}",
                file.display(),
                written.display()
            );
            for u in &inferred.undecided {
                println!("    not decided: {u}");
            }
        }
        return Ok(());
    }
    let mut services = Services::start(&config).await?;
    let result = run_with(command, &config, &services).await;
    services.stop().await;
    result
}

async fn bind(config: &Config) -> anyhow::Result<tokio::net::TcpListener> {
    tokio::net::TcpListener::bind(config.addr)
        .await
        .map_err(|e| anyhow::anyhow!("cannot listen on {} (PLINTH_ADDR): {e}", config.addr))
}

async fn serve_http(
    config: &Config,
    listener: tokio::net::TcpListener,
    router: axum::Router,
) -> anyhow::Result<()> {
    tracing::info!(addr = %config.addr, "listening on http://{}", config.addr);
    app::serve_until(
        listener,
        app::secured(router, config),
        app::shutdown_signal(),
        app::REQUEST_GRACE,
    )
    .await?;
    Ok(())
}

/// What runs beside the write routes: the approval follower, the badge awarder and the photo
/// worker.
struct WriteSide {
    follower: tokio::task::JoinHandle<()>,
    awarder: tokio::task::JoinHandle<()>,
    media: command_api::Media,
}

impl WriteSide {
    async fn start(
        s: &Services,
        config: &Config,
    ) -> anyhow::Result<(Self, command_api::CommandState)> {
        let command = app::command_state(s, config)?;
        let follower = app::spawn_approval_follower(command_api::ApprovalFollower::new(
            command.submissions.commands().clone(),
            s.js.clone(),
            s.bus.clone(),
        ));
        let commands = command_api::Commands::new(s.pool.clone());
        let seeded = command_api::process::badges::seed_catalogue(&commands).await?;
        if seeded > 0 {
            tracing::info!(badges = seeded, "badge catalogue seeded");
        }
        let awarder = app::spawn_badge_awarder(command_api::BadgeAwarder::new(
            commands,
            s.js.clone(),
            s.bus.clone(),
        ));
        let media = command.submissions.media().clone();
        Ok((
            Self {
                follower,
                awarder,
                media,
            },
            command,
        ))
    }

    /// After the server stopped: renders in flight get their grace, then the followers stop.
    async fn stop(self) {
        self.media.drain(app::RENDER_GRACE).await;
        self.follower.abort();
        self.awarder.abort();
    }
}

async fn has_imports(pool: &sqlx::PgPool) -> anyhow::Result<bool> {
    Ok(sqlx::query_scalar(
        "SELECT EXISTS (SELECT 1 FROM es.events WHERE metadata->>'source' = 'import')",
    )
    .fetch_one(pool)
    .await?)
}

/// Prints a benchmark's report.
fn report(r: impl std::fmt::Display) -> anyhow::Result<()> {
    println!("{r}");
    Ok(())
}

async fn run_with(command: Cmd, config: &Config, s: &Services) -> anyhow::Result<()> {
    let new_commands = || command_api::Commands::new(s.pool.clone());
    match command {
        Cmd::Serve {
            demo,
            web_dir,
            files,
        } => {
            // Bind first: a taken port must fail before anything starts.
            let listener = bind(config).await?;
            let relay = app::spawn_relay(s.pool.clone(), s.js.clone(), s.bus.clone());
            let projectors = app::spawn_projectors(&s.pool, &s.js, &s.bus);
            if demo && !files.is_empty() && !has_imports(&s.pool).await? {
                tracing::info!(files = files.len(), "first run: importing the demo data");
                let commands = command_api::Commands::new(s.pool.clone());
                let reports = plinth::import::run::import_files(&commands, &files, true).await?;
                print!("{}", plinth::import::run::summary(&reports));
            }
            let query = app::query_state(s, config).await?;
            let (write, command) = WriteSide::start(s, config).await?;
            let pages = Some(query.clone());
            let routes = app::api_routes(Some(query), Some(command), config);
            let router = app::with_web_app(app::api_app(routes), &web_dir, pages)
                .merge(app::probes(s.pool.clone(), s.js.clone()));
            let result = serve_http(config, listener, router).await;
            write.stop().await;
            relay.abort();
            projectors.abort();
            result
        }
        Cmd::CommandApi => {
            let listener = bind(config).await?;
            let relay = app::spawn_relay(s.pool.clone(), s.js.clone(), s.bus.clone());
            let (write, command) = WriteSide::start(s, config).await?;
            let routes = app::api_routes(None, Some(command), config);
            let router = app::api_app(routes).merge(app::probes(s.pool.clone(), s.js.clone()));
            let result = serve_http(config, listener, router).await;
            write.stop().await;
            relay.abort();
            result
        }
        Cmd::QueryApi => {
            let listener = bind(config).await?;
            let query = app::query_state(s, config).await?;
            let routes = app::api_routes(Some(query), None, config);
            let router = app::api_app(routes).merge(app::probes(s.pool.clone(), s.js.clone()));
            serve_http(config, listener, router).await
        }
        Cmd::Projectors => {
            let projectors = app::spawn_projectors(&s.pool, &s.js, &s.bus);
            app::shutdown_signal().await;
            projectors.abort();
            Ok(())
        }
        Cmd::Migrate => {
            println!("migrations applied");
            Ok(())
        }
        Cmd::Replay { projector } => plinth::replay::run(&s.pool, config, projector).await,
        Cmd::Import {
            files,
            mapping,
            dry_run,
            report,
            ..
        } => {
            let commands = command_api::Commands::new(s.pool.clone());
            let started = std::time::Instant::now();
            let options = plinth::import::run::ImportOptions {
                mapping,
                dry_run,
                outcomes: report.clone(),
                ..Default::default()
            };
            let reports =
                plinth::import::run::import_with(&commands, &files, &options, true).await?;
            if dry_run {
                println!("dry run: nothing was written; \"new\" is what an import would add");
            }
            print!("{}", plinth::import::run::summary(&reports));
            if let Some(path) = report {
                println!("every record's outcome: {}", path.display());
            }
            let records: usize = reports
                .iter()
                .map(|r| {
                    r.artworks_created
                        + r.artworks_unchanged
                        + r.artists_created
                        + r.artists_unchanged
                })
                .sum();
            let secs = started.elapsed().as_secs_f64();
            println!(
                "{records} records in {secs:.1} s ({:.0} records/s)",
                records as f64 / secs.max(1e-9)
            );
            Ok(())
        }
        Cmd::Export { dir } => {
            let terms = query_api::export::Terms {
                licence: config.data_licence.clone(),
                attribution: config.data_attribution.clone(),
            };
            for w in plinth::dump::dump(&s.pool, &dir, &config.public_url, &terms).await? {
                println!(
                    "{}: {:.1} MB in {:.1} s",
                    w.path.display(),
                    w.bytes as f64 / 1e6,
                    w.seconds
                );
            }
            Ok(())
        }
        Cmd::BenchLag { samples } => report(plinth::bench::lag(&new_commands(), samples).await?),
        Cmd::BenchHistory { events, samples } => {
            report(plinth::bench::history(&new_commands(), events, samples).await?)
        }
        Cmd::BenchAwards { rate, seconds } => {
            report(plinth::bench::award_lag(&new_commands(), rate, seconds).await?)
        }
        Cmd::Admin { command } => {
            let (email, permission, grant) = match command {
                AdminCmd::Grant { email, permission } => (email, permission, true),
                AdminCmd::Revoke { email, permission } => (email, permission, false),
                AdminCmd::LoadAreas {
                    file,
                    name,
                    attribution,
                    name_property,
                } => {
                    let geojson: serde_json::Value = serde_json::from_slice(&std::fs::read(&file)?)
                        .map_err(|e| anyhow::anyhow!("{} is not JSON: {e}", file.display()))?;
                    let upload = command_api::areas::BoundaryUpload {
                        name,
                        attribution,
                        name_property,
                        geojson,
                    };
                    let md = cli_metadata();
                    let (areas, _) =
                        command_api::areas::load::run(&new_commands(), None, &md, upload).await?;
                    println!("loaded {areas} areas from {}", file.display());
                    return Ok(());
                }
                AdminCmd::ClearAreas => {
                    command_api::areas::clear::run(&new_commands(), None, &cli_metadata()).await?;
                    println!("cleared the boundary file: areas are grid cells again");
                    return Ok(());
                }
            };
            let permission = domain::Permission::parse(&permission).ok_or_else(|| {
                anyhow::anyhow!("--permission must be admin or moderator, not '{permission}'")
            })?;
            let accounts = app::accounts(command_api::Commands::new(s.pool.clone()), config)?;
            let (account, position) =
                command_api::accounts::permissions::by_email(&accounts, &email, permission, grant)
                    .await?;
            println!(
                "{} {} {} account {account}{}",
                if grant { "granted" } else { "revoked" },
                permission.as_str(),
                if grant { "to" } else { "from" },
                position
                    .map(|p| format!(" (event position {p})"))
                    .unwrap_or_default()
            );
            Ok(())
        }
        Cmd::SeedSynthetic { artworks, seed } => {
            let started = std::time::Instant::now();
            let r = plinth::seed::seed(&s.pool, artworks, seed, true).await?;
            println!(
                "seeded {} new artworks and {} new artists in {:.1} s",
                r.artworks_new,
                r.artists_new,
                started.elapsed().as_secs_f64()
            );
            Ok(())
        }
    }
}

/// What the command line's own writes are recorded with.
fn cli_metadata() -> domain::EventMetadata {
    domain::EventMetadata::system(domain::EventSource::AdminCli, uuid::Uuid::now_v7())
}
