//! Identity tokens. A token is 256 random bits shown to its holder once (in `X-User-Token`) and
//! never stored or published: only its SHA-256 is kept, and an anonymous visitor's identity is a
//! name-based uuid of that hash.

use rand::RngCore;
use sha2::{Digest, Sha256};
use uuid::Uuid;

pub const USER_TOKEN_HEADER: &str = "x-user-token";

/// Namespace for anonymous identities (fixed, never to change).
const ANON_NAMESPACE: Uuid = Uuid::from_u128(0x3d0e_96a1_2b7c_4f50_8a13_6c9e_f1d4_2b87);

/// A well-formed token: 64 lowercase hex characters.
#[derive(Clone, PartialEq, Eq)]
pub struct UserToken(String);

impl UserToken {
    pub fn generate() -> Self {
        let mut bytes = [0u8; 32];
        rand::rng().fill_bytes(&mut bytes);
        Self(hex::encode(bytes))
    }

    /// Accepts only the exact format; anything else is treated as no token at all.
    pub fn parse(s: &str) -> Option<Self> {
        let s = s.trim();
        (s.len() == 64
            && s.bytes()
                .all(|b| b.is_ascii_digit() || (b'a'..=b'f').contains(&b)))
        .then(|| Self(s.to_owned()))
    }

    pub fn expose(&self) -> &str {
        &self.0
    }

    pub fn hash(&self) -> [u8; 32] {
        Sha256::digest(self.0.as_bytes()).into()
    }

    /// The anonymous identity this token stands for.
    pub fn anonymous_id(&self) -> Uuid {
        Uuid::new_v5(&ANON_NAMESPACE, &self.hash())
    }
}

/// Never print a token, even by accident.
impl std::fmt::Debug for UserToken {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("UserToken(…)")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn generated_tokens_are_256_bit_hex_and_unique() {
        let a = UserToken::generate();
        let b = UserToken::generate();
        assert_eq!(a.expose().len(), 64);
        assert_ne!(a, b);
        assert!(UserToken::parse(a.expose()).is_some());
    }

    #[test]
    fn malformed_tokens_are_refused() {
        assert!(UserToken::parse("").is_none());
        assert!(UserToken::parse(&"g".repeat(64)).is_none());
        assert!(UserToken::parse(&"A".repeat(64)).is_none());
        assert!(UserToken::parse(&"a".repeat(63)).is_none());
        // A uuid is not a token.
        assert!(UserToken::parse("0f8fad5b-d9cb-469f-a165-70867728950e").is_none());
    }

    #[test]
    fn identity_is_stable_per_token_and_does_not_reveal_it() {
        let t = UserToken::generate();
        assert_eq!(t.anonymous_id(), t.anonymous_id());
        assert_ne!(t.anonymous_id(), UserToken::generate().anonymous_id());
        assert!(!format!("{t:?}").contains(t.expose()));
    }
}
