//! The OpenAPI document of the read API, generated from the handlers and DTOs. The served
//! document (`/api/openapi.json`) merges it with the write API's (see `plinth::openapi`).

use utoipa::OpenApi;

use crate::routes::{
    admin, areas, artists, artworks, auth, badges, edits, feedback, history, images, lists,
    notifications, past, places, profile, search, status, submissions, tags, tasks,
};

#[derive(OpenApi)]
#[openapi(
    info(title = "Plinth API", description = "Community registry of public art"),
    paths(
        status::get_status,
        status::get_admin_status,
        admin::permissions,
        admin::audit,
        admin::entity,
        admin::statistics,
        admin::badges,
        admin::replay_state,
        status::get_config,
        tags::tag_schema,
        crate::export::route::export_artworks,
        crate::feed::feed,
        places::places,
        auth::auth_status,
        artworks::nearby_artworks,
        past::timeline,
        tasks::tasks_nearby,
        areas::areas_in_view,
        areas::my_areas,
        artworks::list_artworks,
        artworks::get_artwork,
        artworks::artwork_history,
        history::artwork_contributors,
        artists::list_artists,
        artists::get_artist,
        artists::artist_history,
        badges::all_badges,
        badges::my_badges,
        profile::get_profile,
        profile::check_profile_name,
        profile::get_user,
        lists::my_lists,
        lists::get_list,
        lists::saved_counts,
        lists::list_tour,
        lists::list_tour_gpx,
        notifications::my_notifications,
        notifications::unread_count,
        search::search,
        search::suggestions,
        submissions::my_submissions,
        submissions::my_edits,
        submissions::review_queue,
        submissions::review_submission,
        submissions::review_stats,
        feedback::feedback_queue,
        edits::pending_edits,
        edits::edit_queue,
        edits::edit_detail,
        edits::pending_artist_edits,
        edits::artist_edit_queue,
        edits::artist_edit_detail,
        images::get_image,
    ),
    components(schemas(artworks::ArtworkMinimalDto, platform::http::ErrorBody))
)]
pub struct ApiDoc;

pub fn document() -> utoipa::openapi::OpenApi {
    ApiDoc::openapi()
}
