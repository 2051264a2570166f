import type { S3Client } from "@aws-sdk/client-s3";
import { PRIVATE_PREFIX, type Storage } from "./storage";

type S3Sdk = typeof import("@aws-sdk/client-s3");

export interface S3Settings {
  bucket: string;
  region?: string;
  /** Any S3-compatible service (MinIO, R2, Spaces, ...); unset means AWS. */
  endpoint?: string;
  accessKeyId?: string;
  secretAccessKey?: string;
  /** Where the bucket's objects are publicly readable; defaults from endpoint and bucket. */
  publicUrl?: string;
}

/** The public address of a bucket: path style for a custom endpoint, virtual host for AWS. */
export function bucketPublicUrl(settings: S3Settings): string {
  if (settings.publicUrl) return settings.publicUrl.replace(/\/+$/, "");
  if (settings.endpoint) return `${settings.endpoint.replace(/\/+$/, "")}/${settings.bucket}`;
  return `https://${settings.bucket}.s3.${settings.region ?? "us-east-1"}.amazonaws.com`;
}

/**
 * Photos in an S3-compatible bucket. Objects are written with a long cache life: their keys are
 * random and never rewritten, so a browser or CDN may keep them forever. Keys under `private/`
 * (message attachments) are read back through `get` and served by the API to those allowed: the
 * bucket's public read must not cover that prefix (grant it on `listings/*` and `avatars/*` only),
 * and they are written uncacheable in case it does.
 */
export function s3Storage(settings: S3Settings): Storage {
  // The SDK takes about a tenth of a second to load: it is loaded with the first object stored or
  // read, so a site that keeps its photos on disk never loads it and one with a bucket starts
  // without waiting for it.
  let loading: Promise<{ sdk: S3Sdk; client: S3Client }> | null = null;
  const s3 = () => {
    loading ??= import("@aws-sdk/client-s3").then((sdk) => ({
      sdk,
      client: new sdk.S3Client({
        region: settings.region ?? "us-east-1",
        endpoint: settings.endpoint,
        // Custom endpoints rarely have wildcard DNS for bucket subdomains.
        forcePathStyle: Boolean(settings.endpoint),
        credentials:
          settings.accessKeyId && settings.secretAccessKey
            ? { accessKeyId: settings.accessKeyId, secretAccessKey: settings.secretAccessKey }
            : undefined,
      }),
    }));
    return loading;
  };
  const base = bucketPublicUrl(settings);
  return {
    async put(key, data, contentType) {
      const { sdk, client } = await s3();
      const { PutObjectCommand } = sdk;
      await client.send(
        new PutObjectCommand({
          Bucket: settings.bucket,
          Key: key,
          Body: data,
          ContentType: contentType,
          CacheControl: key.startsWith(PRIVATE_PREFIX)
            ? "private, no-store"
            : "public, max-age=31536000, immutable",
        }),
      );
      return { url: `${base}/${key}` };
    },
    async get(key) {
      const { sdk, client } = await s3();
      const { GetObjectCommand, NoSuchKey } = sdk;
      try {
        const out = await client.send(new GetObjectCommand({ Bucket: settings.bucket, Key: key }));
        if (!out.Body) return null;
        return {
          data: Buffer.from(await out.Body.transformToByteArray()),
          contentType: out.ContentType ?? "application/octet-stream",
        };
      } catch (error) {
        if (error instanceof NoSuchKey || (error as { name?: string }).name === "NoSuchKey")
          return null;
        throw error;
      }
    },
    async delete(key) {
      const { sdk, client } = await s3();
      await client.send(new sdk.DeleteObjectCommand({ Bucket: settings.bucket, Key: key }));
    },
  };
}
