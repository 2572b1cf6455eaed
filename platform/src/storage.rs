//! Object storage for photo bytes: local files by default, S3 when configured. Object paths are
//! built here from server-made [`PhotoKey`]s and [`PhotoSize`]s only, never from client text.

use std::path::Path as FsPath;
use std::sync::Arc;

use anyhow::{bail, Context};
use bytes::Bytes;
use domain::photo::{PhotoKey, PhotoSize};
use object_store::aws::AmazonS3Builder;
use object_store::local::LocalFileSystem;
use object_store::path::Path;
use object_store::prefix::PrefixStore;
use object_store::{ObjectStore, PutPayload};

/// Where the raw upload of a photo is kept until its variants are rendered. Private: no route
/// serves this prefix, since the raw file still carries the uploader's EXIF (GPS, camera).
pub fn upload_path(key: PhotoKey) -> String {
    format!("uploads/{key}")
}

/// Where one served, metadata-free JPEG variant of a photo lives.
pub fn variant_path(key: PhotoKey, size: PhotoSize) -> String {
    format!("images/{}/{key}.jpg", size.as_str())
}

#[derive(Debug, thiserror::Error)]
pub enum StorageError {
    #[error("invalid object path {path:?}: {reason}")]
    InvalidPath { path: String, reason: String },
    #[error("object storage {op} of {path} failed: {source}")]
    Backend {
        op: &'static str,
        path: String,
        #[source]
        source: object_store::Error,
    },
}

/// A handle on the configured object store; cheap to clone and share between tasks.
#[derive(Debug, Clone)]
pub struct Storage {
    store: Arc<dyn ObjectStore>,
    description: String,
    /// This process's own health-probe object, so concurrent replicas never race on one key.
    probe_path: Path,
}

impl Storage {
    /// Opens the store named by `url` (the `MEDIA_STORAGE_URL` setting):
    /// - `None`: local files under `<data_dir>/media` (created if missing);
    /// - `file:///abs/dir`: local files under that directory (created if missing);
    /// - `s3://bucket/prefix`: S3, with credentials, region and endpoint from the standard
    ///   `AWS_*` environment variables (`AmazonS3Builder::from_env`). Nothing is contacted here.
    pub fn from_config(url: Option<&str>, data_dir: &FsPath) -> anyhow::Result<Storage> {
        let Some(url) = url.map(str::trim).filter(|u| !u.is_empty()) else {
            return Self::local(&data_dir.join("media"));
        };
        let parsed =
            url::Url::parse(url).with_context(|| format!("invalid storage URL {url:?}"))?;
        match parsed.scheme() {
            "file" => {
                if parsed
                    .host_str()
                    .is_some_and(|h| !h.is_empty() && h != "localhost")
                {
                    bail!("storage URL {url:?}: file URLs must be file:///absolute/path");
                }
                let dir = parsed
                    .to_file_path()
                    .map_err(|()| anyhow::anyhow!("storage URL {url:?} is not an absolute path"))?;
                Self::local(&dir)
            }
            "s3" => {
                let bucket = parsed
                    .host_str()
                    .filter(|b| !b.is_empty())
                    .with_context(|| format!("storage URL {url:?} names no bucket"))?
                    .to_string();
                if !parsed.username().is_empty() || parsed.password().is_some() {
                    bail!("storage URL must not carry credentials: use the AWS_* variables");
                }
                let prefix = parsed.path().trim_matches('/').to_string();
                let s3 = AmazonS3Builder::from_env()
                    .with_bucket_name(&bucket)
                    .build()
                    .with_context(|| format!("configuring S3 bucket {bucket:?}"))?;
                let (store, description): (Arc<dyn ObjectStore>, String) = if prefix.is_empty() {
                    (Arc::new(s3), format!("s3://{bucket}"))
                } else {
                    let prefix_path = Path::parse(&prefix)
                        .with_context(|| format!("invalid prefix in storage URL {url:?}"))?;
                    (
                        Arc::new(PrefixStore::new(s3, prefix_path)),
                        format!("s3://{bucket}/{prefix}"),
                    )
                };
                Ok(Self::new(store, description))
            }
            other => {
                bail!("storage URL {url:?}: unsupported scheme {other:?} (use file:// or s3://)")
            }
        }
    }

    fn local(dir: &FsPath) -> anyhow::Result<Storage> {
        std::fs::create_dir_all(dir)
            .with_context(|| format!("creating media directory {}", dir.display()))?;
        let store = LocalFileSystem::new_with_prefix(dir)
            .with_context(|| format!("opening media directory {}", dir.display()))?;
        // Canonical, so the description names the directory actually written to.
        let dir = std::fs::canonicalize(dir).unwrap_or_else(|_| dir.to_path_buf());
        Ok(Self::new(
            Arc::new(store),
            format!("local:{}", dir.display()),
        ))
    }

    fn new(store: Arc<dyn ObjectStore>, description: String) -> Storage {
        let probe_path = Path::from(format!("health/probe-{}", uuid::Uuid::new_v4().simple()));
        Storage {
            store,
            description,
            probe_path,
        }
    }

    /// Writes `bytes` at `path`, replacing any object there. Local writes are atomic (staged
    /// file, then rename); S3 puts are atomic by nature.
    pub async fn put(&self, path: &str, bytes: Bytes) -> Result<(), StorageError> {
        let location = parse_path(path)?;
        self.store
            .put(&location, PutPayload::from(bytes))
            .await
            .map(|_| ())
            .map_err(|source| backend("put", path, source))
    }

    /// Reads the object at `path`; `None` when there is none.
    pub async fn get(&self, path: &str) -> Result<Option<Bytes>, StorageError> {
        let location = parse_path(path)?;
        let result = match self.store.get(&location).await {
            Ok(result) => result,
            Err(object_store::Error::NotFound { .. }) => return Ok(None),
            Err(source) => return Err(backend("get", path, source)),
        };
        match result.bytes().await {
            Ok(bytes) => Ok(Some(bytes)),
            // Deleted between the lookup and the read.
            Err(object_store::Error::NotFound { .. }) => Ok(None),
            Err(source) => Err(backend("get", path, source)),
        }
    }

    /// Removes the object at `path`; removing an absent object succeeds.
    pub async fn delete(&self, path: &str) -> Result<(), StorageError> {
        let location = parse_path(path)?;
        match self.store.delete(&location).await {
            Ok(()) | Err(object_store::Error::NotFound { .. }) => Ok(()),
            Err(source) => Err(backend("delete", path, source)),
        }
    }

    /// Proves the store is writable and readable: puts, reads back and deletes a small object
    /// of this process's own under `health/`. The error is a one-line reason for a probe.
    pub async fn health(&self) -> Result<(), String> {
        let probe = Bytes::from_static(b"plinth storage probe");
        let path = self.probe_path.as_ref();
        self.put(path, probe.clone())
            .await
            .map_err(|e| e.to_string())?;
        match self.get(path).await.map_err(|e| e.to_string())? {
            Some(read) if read == probe => {}
            Some(_) => {
                return Err(format!(
                    "{}: probe object read back altered",
                    self.description
                ))
            }
            None => {
                return Err(format!(
                    "{}: probe object vanished after put",
                    self.description
                ))
            }
        }
        self.delete(path).await.map_err(|e| e.to_string())
    }

    /// Where objects go, for logs and status pages: `local:/dir` or `s3://bucket/prefix`.
    /// Never includes credentials.
    pub fn describe(&self) -> &str {
        &self.description
    }
}

fn parse_path(path: &str) -> Result<Path, StorageError> {
    let invalid = |reason: String| StorageError::InvalidPath {
        path: path.to_string(),
        reason,
    };
    // `Path::parse` strips one leading or trailing slash; our paths never have either.
    if path.is_empty() || path.starts_with('/') || path.ends_with('/') {
        return Err(invalid("must be a relative object path".into()));
    }
    Path::parse(path).map_err(|e| invalid(e.to_string()))
}

fn backend(op: &'static str, path: &str, source: object_store::Error) -> StorageError {
    StorageError::Backend {
        op,
        path: path.to_string(),
        source,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn local_storage() -> (tempfile::TempDir, Storage) {
        let dir = tempfile::tempdir().unwrap();
        let storage = Storage::from_config(None, dir.path()).unwrap();
        (dir, storage)
    }

    async fn put(storage: &Storage, path: &str, bytes: &'static [u8]) {
        storage.put(path, Bytes::from_static(bytes)).await.unwrap();
    }

    async fn got(storage: &Storage, path: &str) -> Option<Bytes> {
        storage.get(path).await.unwrap()
    }

    #[test]
    fn paths_are_built_from_key_and_size_only() {
        let key = PhotoKey::parse("0190f5a3c1e27b3d8a4b5c6d7e8f9a0b").unwrap();
        assert_eq!(upload_path(key), "uploads/0190f5a3c1e27b3d8a4b5c6d7e8f9a0b");
        assert_eq!(
            variant_path(key, PhotoSize::Thumbnail),
            "images/thumbnail/0190f5a3c1e27b3d8a4b5c6d7e8f9a0b.jpg"
        );
        assert_eq!(
            variant_path(key, PhotoSize::Original),
            "images/original/0190f5a3c1e27b3d8a4b5c6d7e8f9a0b.jpg"
        );
    }

    #[tokio::test]
    async fn put_then_get_returns_the_bytes_under_data_dir_media() {
        let (dir, storage) = local_storage();
        let key = PhotoKey::new();
        let path = variant_path(key, PhotoSize::Medium);

        put(&storage, &path, b"jpeg bytes").await;

        assert_eq!(
            got(&storage, &path).await,
            Some(Bytes::from_static(b"jpeg bytes"))
        );
        let on_disk = dir.path().join("media").join(&path);
        assert_eq!(std::fs::read(on_disk).unwrap(), b"jpeg bytes");
        assert!(storage.describe().starts_with("local:/"));
        assert!(storage.describe().ends_with("/media"));
    }

    #[tokio::test]
    async fn put_replaces_an_existing_object() {
        let (_dir, storage) = local_storage();
        let path = upload_path(PhotoKey::new());
        put(&storage, &path, b"one").await;
        put(&storage, &path, b"two").await;
        assert_eq!(got(&storage, &path).await, Some(Bytes::from_static(b"two")));
    }

    #[tokio::test]
    async fn get_of_an_absent_object_is_none() {
        let (_dir, storage) = local_storage();
        let path = upload_path(PhotoKey::new());
        assert_eq!(got(&storage, &path).await, None);
    }

    #[tokio::test]
    async fn delete_removes_the_object_and_absent_is_ok() {
        let (_dir, storage) = local_storage();
        let path = upload_path(PhotoKey::new());
        put(&storage, &path, b"raw").await;

        storage.delete(&path).await.unwrap();

        assert_eq!(got(&storage, &path).await, None);
        storage.delete(&path).await.unwrap();
    }

    #[tokio::test]
    async fn health_succeeds_on_a_writable_store_and_leaves_nothing_behind() {
        let (dir, storage) = local_storage();

        storage.health().await.unwrap();
        storage.health().await.unwrap();

        let probes = dir.path().join("media").join("health");
        let left = std::fs::read_dir(&probes)
            .map(|entries| entries.count())
            .unwrap_or(0);
        assert_eq!(left, 0);
    }

    #[tokio::test]
    async fn health_fails_when_the_directory_is_gone() {
        let dir = tempfile::tempdir().unwrap();
        let media = dir.path().join("store");
        let storage =
            Storage::from_config(Some(&format!("file://{}", media.display())), dir.path()).unwrap();
        std::fs::remove_dir_all(&media).unwrap();
        // A plain file where the directory was: nothing can be created beneath it.
        std::fs::write(&media, b"not a directory").unwrap();

        assert!(storage.health().await.is_err());
    }

    #[tokio::test]
    async fn file_url_uses_that_directory() {
        let dir = tempfile::tempdir().unwrap();
        let target = dir.path().join("elsewhere");
        let storage =
            Storage::from_config(Some(&format!("file://{}", target.display())), dir.path())
                .unwrap();

        put(&storage, "images/large/x.jpg", b"x").await;

        assert!(target.join("images/large/x.jpg").is_file());
        assert!(!dir.path().join("media").exists());
    }

    /// Asserts that `Storage::from_config` refuses each of `urls`.
    fn assert_refused(urls: &[&str]) {
        let dir = tempfile::tempdir().unwrap();
        for url in urls {
            assert!(
                Storage::from_config(Some(url), dir.path()).is_err(),
                "{url} should be refused"
            );
        }
    }

    #[test]
    fn from_config_rejects_an_unknown_scheme() {
        assert_refused(&[
            "ftp://host/dir",
            "gs://bucket/p",
            "http://example.com/x",
            "not a url",
        ]);
    }

    #[test]
    fn from_config_rejects_relative_or_hosted_file_urls_and_bucketless_s3() {
        assert_refused(&[
            "file://somehost/dir",
            "s3:///prefix",
            "s3://key:secret@bucket/p",
        ]);
    }

    #[test]
    fn s3_url_builds_without_contacting_anything_and_describes_without_credentials() {
        let dir = tempfile::tempdir().unwrap();
        let storage =
            Storage::from_config(Some("s3://plinth-media/prod/photos/"), dir.path()).unwrap();
        assert_eq!(storage.describe(), "s3://plinth-media/prod/photos");
    }

    #[tokio::test]
    async fn paths_that_could_escape_are_refused() {
        let (_dir, storage) = local_storage();
        for path in [
            "../etc/passwd",
            "images/../../x",
            "/abs",
            "",
            "a//b",
            "a/./b",
        ] {
            let err = storage.get(path).await.unwrap_err();
            assert!(
                matches!(err, StorageError::InvalidPath { .. }),
                "{path}: {err}"
            );
        }
    }
}
