//! The admin's Import tab (`/api/admin/imports…`): upload a file and get a proposed mapping
//! (or an earlier run's), then a dry run or the import itself with the mapping as the admin
//! edited it, answered as a stream of progress lines ending with the report. Admins only,
//! checked before the body is read; one dry run or import at a time per process. The runs
//! recorded so far (`GET /api/admin/imports`) are read from the event store, newest first.
//!
//! These routes live in the importer rather than in `command-api` because the importer is
//! built on `command-api`'s `Commands` (the dependency points this way); `plinth`'s router
//! mounts them beside the write API. `upload` reads a file and proposes its mapping (with
//! `columns`' value counts), `apply` runs a dry run or the import, `history` lists the runs,
//! `state` holds what the calls share.

mod apply;
mod columns;
mod history;
mod state;
mod upload;

use axum::extract::DefaultBodyLimit;
use axum::routing::{get, post};
use axum::Router;

pub use apply::{apply, dry_run, ImportLine, ImportReportDto, ImportRequest, OutcomeDto};
pub use columns::{ColumnValues, ValueCount};
pub use history::{list_runs, ImportRunDto, ImportRunPage, RunsQuery};
pub use state::{ImportState, MAX_IMPORT_BYTES};
pub use upload::{upload, ImportPreview, UploadQuery};

pub fn router(state: ImportState) -> Router {
    Router::new()
        .route(
            "/admin/imports",
            get(list_runs)
                .post(upload)
                .layer(DefaultBodyLimit::max(MAX_IMPORT_BYTES + 64 * 1024)),
        )
        .route("/admin/imports/{id}/dry-run", post(dry_run))
        .route("/admin/imports/{id}/apply", post(apply))
        .with_state(state)
}

#[derive(utoipa::OpenApi)]
#[openapi(
    paths(history::list_runs, upload::upload, apply::dry_run, apply::apply),
    components(schemas(
        ImportLine,
        ImportReportDto,
        OutcomeDto,
        ImportRunDto,
        ImportRunPage,
        ColumnValues,
        ValueCount
    ))
)]
pub struct ImportApiDoc;
