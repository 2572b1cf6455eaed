//! The metadata every stored event carries (DESIGN §3): who, in what role, from where, caused by
//! what. Never a secret, never a raw token, never an e-mail address.

use chrono::{DateTime, SecondsFormat, Utc};
use serde::{Deserialize, Serialize};
use std::collections::HashMap;
use uuid::Uuid;

words! {
    /// In what role someone acted, as every event records it.
    pub enum ActorRole {
        Anonymous = "anonymous",
        User = "user",
        Moderator = "moderator",
        Admin = "admin",
        System = "system",
    }
}

words! {
    /// Where a change came from.
    pub enum EventSource {
        Web = "web",
        Import = "import",
        AdminCli = "admin-cli",
        ProcessManager = "process-manager",
        Synthetic = "synthetic",
    }
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct EventMetadata {
    /// A user uuid or an anonymous identity (derived from a token hash, never the token).
    pub actor_id: String,
    pub actor_role: ActorRole,
    pub request_id: Uuid,
    pub correlation_id: Uuid,
    pub causation_id: Option<Uuid>,
    pub source: EventSource,
    pub time: DateTime<Utc>,
}

/// A stored event's stable id, for causation links: derived from its key in the store (the same
/// key the relay de-duplicates on), so it needs no column of its own.
pub fn event_id(aggregate_type: &str, aggregate_id: &str, sequence: i64) -> Uuid {
    Uuid::new_v5(
        &crate::ids::PLINTH_NAMESPACE,
        format!("event:{aggregate_type}/{aggregate_id}/{sequence}").as_bytes(),
    )
}

impl EventMetadata {
    /// The same request's metadata for events that `cause` (an event id) brought about.
    pub fn caused_by(&self, cause: Uuid) -> Self {
        Self {
            causation_id: Some(cause),
            request_id: self.request_id,
            correlation_id: self.correlation_id,
            actor_id: self.actor_id.clone(),
            actor_role: self.actor_role,
            source: self.source,
            time: self.time,
        }
    }

    /// Metadata for work the system does on its own behalf (import, seeding, process managers).
    pub fn system(source: EventSource, correlation_id: Uuid) -> Self {
        Self {
            actor_id: "system".to_owned(),
            actor_role: ActorRole::System,
            request_id: Uuid::now_v7(),
            correlation_id,
            causation_id: None,
            source,
            time: Utc::now(),
        }
    }

    /// The flat string map cqrs-es stores beside each event.
    pub fn to_map(&self) -> HashMap<String, String> {
        let mut m = HashMap::with_capacity(7);
        m.insert("actor_id".into(), self.actor_id.clone());
        m.insert("actor_role".into(), self.actor_role.as_str().into());
        m.insert("request_id".into(), self.request_id.to_string());
        m.insert("correlation_id".into(), self.correlation_id.to_string());
        if let Some(c) = self.causation_id {
            m.insert("causation_id".into(), c.to_string());
        }
        m.insert("source".into(), self.source.as_str().into());
        m.insert(
            "time".into(),
            self.time.to_rfc3339_opts(SecondsFormat::Micros, true),
        );
        m
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn metadata_map_has_every_field_of_design_section_3() {
        let mut md = EventMetadata::system(EventSource::Import, Uuid::nil());
        md.causation_id = Some(Uuid::nil());
        let m = md.to_map();
        for key in [
            "actor_id",
            "actor_role",
            "request_id",
            "correlation_id",
            "causation_id",
            "source",
            "time",
        ] {
            assert!(m.contains_key(key), "{key} missing");
        }
        assert_eq!(m["source"], "import");
        assert_eq!(m["actor_role"], "system");
    }
}
