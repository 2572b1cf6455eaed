//! Outgoing mail: SMTP through lettre when `SMTP_URL` is set (`smtps://…` for TLS, `smtp://…?tls=required`
//! for STARTTLS, plain `smtp://` for a local relay), otherwise each message is written to
//! `<data dir>/outbox/` as an `.eml` file and the file's path is logged. The link itself is never
//! logged: sign-in links are credentials.

use lettre::message::header::ContentType;
use lettre::message::{Mailbox, SinglePart};
use lettre::{AsyncSmtpTransport, AsyncTransport, Message, Tokio1Executor};
use std::path::{Path, PathBuf};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

/// One message to one recipient, plain text.
#[derive(Debug, Clone)]
pub struct Mail {
    pub to: String,
    pub subject: String,
    pub text: String,
}

#[derive(Clone)]
enum Transport {
    Smtp(AsyncSmtpTransport<Tokio1Executor>),
    Outbox(PathBuf),
}

#[derive(Clone)]
pub struct Mailer {
    from: Mailbox,
    transport: Transport,
    /// The last SMTP check and when it ran: status probes come every few seconds, and each
    /// check is a new connection to the mail server.
    checked: Arc<Mutex<Option<Checked>>>,
}

/// When a health check ran, and what it found.
type Checked = (Instant, Result<(), String>);

/// How long an SMTP health check stands for.
const HEALTH_TTL: Duration = Duration::from_secs(30);

impl std::fmt::Debug for Mailer {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let kind = match &self.transport {
            Transport::Smtp(_) => "smtp".to_owned(),
            Transport::Outbox(dir) => format!("outbox {}", dir.display()),
        };
        f.debug_struct("Mailer").field("transport", &kind).finish()
    }
}

impl Mailer {
    /// SMTP when `smtp_url` is given (never connects here), else the outbox under `data_dir`.
    pub fn new(smtp_url: Option<&str>, from: &str, data_dir: &Path) -> anyhow::Result<Self> {
        let from: Mailbox = from
            .parse()
            .map_err(|e| anyhow::anyhow!("MAIL_FROM: '{from}' is not a mailbox: {e}"))?;
        let transport = match smtp_url {
            Some(url) => Transport::Smtp(
                AsyncSmtpTransport::<Tokio1Executor>::from_url(url)
                    .map_err(|e| anyhow::anyhow!("SMTP_URL: {e}"))?
                    .build(),
            ),
            None => Transport::Outbox(data_dir.join("outbox")),
        };
        Ok(Self {
            from,
            transport,
            checked: Arc::default(),
        })
    }

    /// Where outbox mail goes, when there is no SMTP server.
    pub fn outbox(&self) -> Option<&Path> {
        match &self.transport {
            Transport::Outbox(dir) => Some(dir),
            Transport::Smtp(_) => None,
        }
    }

    pub fn kind(&self) -> &'static str {
        match &self.transport {
            Transport::Smtp(_) => "smtp",
            Transport::Outbox(_) => "outbox",
        }
    }

    fn message(&self, mail: &Mail) -> anyhow::Result<Message> {
        let to: Mailbox = mail
            .to
            .parse()
            .map_err(|e| anyhow::anyhow!("not a mailbox: {e}"))?;
        // lettre picks the transfer encoding: a link longer than 76 characters makes it
        // quoted-printable, which mail clients decode (`decode_quoted_printable` for tests).
        let body = SinglePart::builder()
            .header(ContentType::TEXT_PLAIN)
            .body(mail.text.clone());
        Ok(Message::builder()
            .from(self.from.clone())
            .to(to)
            .subject(mail.subject.clone())
            .singlepart(body)?)
    }

    /// Sends (or files) one message.
    pub async fn send(&self, mail: &Mail) -> anyhow::Result<()> {
        let message = self.message(mail)?;
        match &self.transport {
            Transport::Smtp(smtp) => {
                smtp.send(message).await?;
            }
            Transport::Outbox(dir) => {
                tokio::fs::create_dir_all(dir).await?;
                let name = format!(
                    "{}-{}.eml",
                    chrono::Utc::now().format("%Y%m%dT%H%M%S%.6fZ"),
                    uuid::Uuid::new_v4().simple()
                );
                let path = dir.join(name);
                let tmp = path.with_extension("tmp");
                tokio::fs::write(&tmp, message.formatted()).await?;
                // Appears whole or not at all for whoever watches the outbox.
                tokio::fs::rename(&tmp, &path).await?;
                tracing::info!(file = %path.display(), "no SMTP_URL: mail written to the outbox (open it for the link)");
            }
        }
        Ok(())
    }

    /// For `/api/status`: SMTP answered a NOOP in the last 30 s, or the outbox is writable.
    pub async fn health(&self) -> Result<(), String> {
        match &self.transport {
            Transport::Smtp(smtp) => {
                if let Some((at, result)) = self.checked.lock().ok().and_then(|c| c.clone()) {
                    if at.elapsed() < HEALTH_TTL {
                        return result;
                    }
                }
                let result = match smtp.test_connection().await {
                    Ok(true) => Ok(()),
                    Ok(false) => Err("the SMTP server did not answer".into()),
                    Err(e) => Err(format!("SMTP: {e}")),
                };
                if let Ok(mut c) = self.checked.lock() {
                    *c = Some((Instant::now(), result.clone()));
                }
                result
            }
            Transport::Outbox(dir) => {
                tokio::fs::create_dir_all(dir)
                    .await
                    .map_err(|e| format!("outbox {}: {e}", dir.display()))?;
                Ok(())
            }
        }
    }
}

/// Decodes a quoted-printable body (soft line breaks and `=XX` escapes), for readers of raw
/// messages such as the outbox's `.eml` files.
pub fn decode_quoted_printable(raw: &str) -> String {
    let joined = raw.replace("=\r\n", "").replace("=\n", "");
    let bytes = joined.as_bytes();
    let mut out = Vec::with_capacity(bytes.len());
    let mut i = 0;
    while i < bytes.len() {
        if bytes[i] == b'=' && i + 2 < bytes.len() {
            let hex = std::str::from_utf8(&bytes[i + 1..i + 3]).unwrap_or("");
            if let Ok(b) = u8::from_str_radix(hex, 16) {
                out.push(b);
                i += 3;
                continue;
            }
        }
        out.push(bytes[i]);
        i += 1;
    }
    String::from_utf8_lossy(&out).into_owned()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[tokio::test]
    async fn outbox_mail_is_one_readable_file_with_the_text_unwrapped() {
        let dir = std::env::temp_dir().join(format!("plinth-mail-{}", uuid::Uuid::new_v4()));
        let m = Mailer::new(None, "Plinth <no-reply@localhost>", &dir).unwrap();
        let link = format!("http://127.0.0.1:8080/verify?token={}", "a".repeat(64));
        m.send(&Mail {
            to: "ada@example.org".into(),
            subject: "Sign in".into(),
            text: format!("Open {link}\nCode: 123456\n"),
        })
        .await
        .unwrap();
        let files: Vec<_> = std::fs::read_dir(dir.join("outbox")).unwrap().collect();
        assert_eq!(files.len(), 1);
        let raw = std::fs::read_to_string(files[0].as_ref().unwrap().path()).unwrap();
        assert!(raw.contains("To: ada@example.org"), "{raw}");
        assert!(decode_quoted_printable(&raw).contains(&link), "{raw}");
        std::fs::remove_dir_all(&dir).unwrap();
    }

    #[test]
    fn quoted_printable_decodes_soft_breaks_and_escapes() {
        assert_eq!(
            decode_quoted_printable("token=3D12=\r\n34 caf=C3=A9"),
            "token=1234 café"
        );
        assert_eq!(decode_quoted_printable("a=\nb="), "ab=");
    }

    #[test]
    fn bad_settings_are_named() {
        let dir = std::env::temp_dir();
        let e = Mailer::new(None, "not a mailbox", &dir).unwrap_err();
        assert!(e.to_string().starts_with("MAIL_FROM"), "{e}");
        let e = Mailer::new(Some("http://example.org"), "a@b.org", &dir).unwrap_err();
        assert!(e.to_string().starts_with("SMTP_URL"), "{e}");
    }
}
