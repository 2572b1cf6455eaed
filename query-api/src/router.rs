//! Every read route, top to bottom.

use axum::routing::get;
use axum::Router;

use crate::routes::{
    admin, areas, artists, artworks, auth, badges, edits, feedback, history, images, lists,
    notifications, past, places, profile, search, status, submissions, tags, tasks,
};
use crate::state::QueryState;

pub fn router(state: QueryState) -> Router {
    Router::new()
        .route("/status", get(status::get_status))
        .route("/admin/status", get(status::get_admin_status))
        .route("/admin/permissions", get(admin::permissions))
        .route("/admin/audit", get(admin::audit))
        .route("/admin/statistics", get(admin::statistics))
        .route("/admin/badges", get(admin::badges))
        .route("/admin/replay", get(admin::replay_state))
        .route("/admin/audit/entity/{type}/{id}", get(admin::entity))
        .route("/config", get(status::get_config))
        .route("/tags/schema", get(tags::tag_schema))
        .route("/places", get(places::places))
        .route("/auth/status", get(auth::auth_status))
        .route("/artworks", get(artworks::list_artworks))
        .route("/artworks/nearby", get(artworks::nearby_artworks))
        .route("/artworks/timeline", get(past::timeline))
        .route("/tasks/nearby", get(tasks::tasks_nearby))
        .route("/areas", get(areas::areas_in_view))
        .route("/artworks/{id}", get(artworks::get_artwork))
        .route("/artworks/{id}/history", get(artworks::artwork_history))
        .route(
            "/artworks/{id}/contributors",
            get(history::artwork_contributors),
        )
        .route("/artworks/{id}/saved", get(lists::saved_counts))
        .route("/me/lists", get(lists::my_lists))
        .route("/me/notifications", get(notifications::my_notifications))
        .route(
            "/me/notifications/unread-count",
            get(notifications::unread_count),
        )
        .route("/lists/{id}", get(lists::get_list))
        .route("/lists/{id}/tour", get(lists::list_tour))
        .route("/lists/{id}/tour.gpx", get(lists::list_tour_gpx))
        .route("/artists", get(artists::list_artists))
        .route("/artists/{id}", get(artists::get_artist))
        .route("/artists/{id}/history", get(artists::artist_history))
        .route("/search", get(search::search))
        .route("/search/suggestions", get(search::suggestions))
        .route("/badges", get(badges::all_badges))
        .route("/me/badges", get(badges::my_badges))
        .route("/me/areas", get(areas::my_areas))
        .route("/me/profile", get(profile::get_profile))
        .route("/me/profile-check", get(profile::check_profile_name))
        .route("/users/{id}", get(profile::get_user))
        .route("/me/submissions", get(submissions::my_submissions))
        .route("/me/edits", get(submissions::my_edits))
        .route("/review/queue", get(submissions::review_queue))
        .route(
            "/review/submission/{id}",
            get(submissions::review_submission),
        )
        .route("/review/stats", get(submissions::review_stats))
        .route("/moderation/feedback", get(feedback::feedback_queue))
        .route("/artwork/{id}/pending-edits", get(edits::pending_edits))
        .route("/review/artwork-edits", get(edits::edit_queue))
        .route("/review/artwork-edits/{id}", get(edits::edit_detail))
        .route(
            "/artist/{id}/pending-edits",
            get(edits::pending_artist_edits),
        )
        .route("/review/artist-edits", get(edits::artist_edit_queue))
        .route("/review/artist-edits/{id}", get(edits::artist_edit_detail))
        .route("/images/{size}/{key}", get(images::get_image))
        .route("/export/{file}", get(crate::export::route::export_artworks))
        .route("/feed.atom", get(crate::feed::feed))
        .with_state(state)
}
