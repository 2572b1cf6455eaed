//! Use case (`POST /api/auth/request-magic-link`): a device asks for a magic link (and its
//! code) for an address; rate limits per address and client, the mail sent after the answer,
//! in the language the request asked for.

use super::*;
use platform::language::Language;

/// Records a new link for the address and mails it; answers whether it signs up (see the
/// module's `is_signup`).
pub async fn run(
    accounts: &Accounts,
    device: &Device,
    raw_email: Option<&str>,
    language: Language,
) -> Result<MagicLinkAnswer, IdentityError> {
    let email = parse_email(raw_email)?;
    accounts
        .limit(
            &format!("link:ip:{}", device.client),
            LINKS_PER_IP,
            "sign-in requests",
        )
        .await?;
    let email_key = hex::encode(sha256(email.as_str().as_bytes()));
    accounts
        .limit(
            &format!("link:email:{email_key}"),
            LINKS_PER_EMAIL,
            "sign-in requests for this address",
        )
        .await?;

    let link = UserToken::generate();
    let token_hash = link.hash().to_vec();
    let code = format!("{:06}", rand::rng().random_range(0..1_000_000u32));
    sqlx::query(
        "INSERT INTO auth.link_tokens (token_hash, email, code_hash, expires_at)
             VALUES ($1, $2, $3, now() + make_interval(secs => $4))",
    )
    .bind(&token_hash)
    .bind(email.as_str())
    .bind(code_hash(&token_hash, &code))
    .bind(interval(LINK_TTL))
    .execute(accounts.pool())
    .await?;

    let is_signup = !device_knows(accounts, device, &email).await?;
    let exists: bool =
        sqlx::query_scalar("SELECT EXISTS (SELECT 1 FROM auth.accounts WHERE email = $1)")
            .bind(email.as_str())
            .fetch_one(accounts.pool())
            .await?;
    let mail = link_mail(&accounts.settings, &email, &link, &code, exists, language);
    let mailer = accounts.mailer.clone();
    let masked = email.masked();
    // After the answer: the response time must not depend on the address or the mail server.
    tokio::spawn(async move {
        match mailer.send(&mail).await {
            Ok(()) => tracing::info!(to = %masked, "sign-in mail sent"),
            Err(e) => tracing::error!(to = %masked, error = %e, "sign-in mail failed"),
        }
    });
    let to = email.as_str();
    Ok(MagicLinkAnswer {
        success: true,
        message: match language {
            Language::En => format!(
                "Check your email: we sent a sign-in link and a 6-digit code to {to}. They expire in 1 hour."
            ),
            Language::Fr => format!(
                "Consultez vos courriels\u{a0}: nous avons envoyé un lien de connexion et un code à 6 chiffres à {to}. Ils expirent dans 1 heure."
            ),
        },
        is_signup,
    })
}

/// Does the device's own token already belong to the account with this address?
async fn device_knows(
    accounts: &Accounts,
    device: &Device,
    email: &EmailAddress,
) -> Result<bool, IdentityError> {
    let anon = match &device.holder {
        Holder::Account { email: own, .. } => return Ok(own == email.as_str()),
        Holder::Anonymous(anon) => anon.0,
    };
    Ok(sqlx::query_scalar(
        "SELECT EXISTS (SELECT 1 FROM auth.identity_claims c
                              JOIN auth.accounts a USING (account_id)
                             WHERE c.anonymous_id = $1 AND a.email = $2)",
    )
    .bind(anon)
    .bind(email.as_str())
    .fetch_one(accounts.pool())
    .await?)
}

fn link_mail(
    settings: &AuthSettings,
    email: &EmailAddress,
    link: &UserToken,
    code: &str,
    exists: bool,
    language: Language,
) -> Mail {
    let product = &settings.product_name;
    let url = format!("{}/verify?token={}", settings.public_url, link.expose());
    let (subject, text) = match (language, exists) {
        (Language::En, true) => (
            format!("Sign in to {product}"),
            format!("Someone (hopefully you) asked to sign in to {product} with this address."),
        ),
        (Language::En, false) => (
            format!("Create your {product} account"),
            format!(
                "Someone (hopefully you) asked to create a {product} account with this address."
            ),
        ),
        (Language::Fr, true) => (
            format!("Connexion à {product}"),
            format!(
                "Quelqu’un (vous, espérons-le) a demandé à se connecter à {product} avec cette adresse."
            ),
        ),
        (Language::Fr, false) => (
            format!("Créez votre compte {product}"),
            format!(
                "Quelqu’un (vous, espérons-le) a demandé à créer un compte {product} avec cette adresse."
            ),
        ),
    };
    let text = match language {
        Language::En => format!(
            "{text}\n\n\
             Open this link to continue:\n\n{url}\n\n\
             Or enter this code in the sign-in dialog: {code}\n\n\
             The link and the code work once and expire in 1 hour.\n\
             If you did not ask for this, ignore this mail: nothing happens without the link.\n"
        ),
        Language::Fr => format!(
            "{text}\n\n\
             Ouvrez ce lien pour continuer\u{a0}:\n\n{url}\n\n\
             Ou saisissez ce code dans la fenêtre de connexion\u{a0}: {code}\n\n\
             Le lien et le code ne servent qu’une fois et expirent dans 1 heure.\n\
             Si vous n’avez rien demandé, ignorez ce message\u{a0}: rien ne se passe sans le lien.\n"
        ),
    };
    Mail {
        to: email.as_str().to_owned(),
        subject,
        text,
    }
}
