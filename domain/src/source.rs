//! What artworks and artists imported from open datasets share: a newer record of the same
//! source record changes the fields the source changed, where the community has not changed
//! them since; a record of another source is refused.

use crate::edit::Edited;
use crate::provenance::Provenance;

/// A record of another source than the one the aggregate came from (or an aggregate no dataset
/// gave): a newer record of it cannot update it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct OtherSource;

/// What a newer record of an aggregate's source changes: what the source now says, and the
/// changes to the aggregate's fields.
pub(crate) type Update<A> = (<A as FromSource>::Fields, Vec<<A as Edited>::Edit>);

/// An aggregate an open dataset's records create, and newer records of the same source update.
pub(crate) trait FromSource: Edited {
    /// The fields the source gives, as it gave them.
    type Fields: PartialEq;

    /// Where it came from (none: no dataset gave it), and what its source said when last
    /// imported (none: never imported).
    fn origin(&self) -> (Option<&Provenance>, Option<&Self::Fields>);

    /// The changes taking the source's `old` fields to its `new` ones, each with the old value.
    fn source_changes(old: &Self::Fields, new: &Self::Fields) -> Vec<Self::Edit>;

    /// Makes `new` what the source said before (`old`) where the two differ only as stored
    /// values do; by default they are taken as they are.
    fn settle(_old: &Self::Fields, _new: &mut Self::Fields) {}

    /// What a newer record of this aggregate's own source, saying `new`, changes: the source's
    /// new fields, and for each field the source changed since it was last imported, the
    /// change to its new value where the aggregate still holds the old one (the community's
    /// changes are kept). `None` when the source says what it said before.
    fn updated_by(&self, mut new: Self::Fields) -> Option<Update<Self>> {
        let old = self.origin().1?;
        Self::settle(old, &mut new);
        if *old == new {
            return None;
        }
        let changes = Self::source_changes(old, &new)
            .into_iter()
            .filter(|c| !self.is_stale(c))
            .collect();
        Some((new, changes))
    }

    /// What a record from `provenance` saying `new` changes in this existing aggregate (see
    /// [`FromSource::updated_by`]), or [`OtherSource`] when it is another source's record.
    fn reimport(
        &self,
        provenance: &Provenance,
        new: Self::Fields,
    ) -> Result<Option<Update<Self>>, OtherSource> {
        if !Provenance::same_record(self.origin().0, provenance) {
            return Err(OtherSource);
        }
        Ok(self.updated_by(new))
    }
}
