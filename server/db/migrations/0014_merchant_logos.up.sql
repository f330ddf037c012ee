-- A merchant's widget logo, stored in the database (one per merchant) and served from our origin at
-- /media/merchant-logo/<merchant_id>/<sha256 prefix>.<ext>. Only bytes that server/merchant-settings/
-- checked as PNG, JPEG, WebP or a script-free SVG reach this table; content_type is what they were found
-- to be, never what the browser claimed.

CREATE TABLE merchant_logos (
  merchant_id   bigint PRIMARY KEY REFERENCES merchants (id) ON DELETE CASCADE,
  content_type  text NOT NULL CHECK (content_type IN ('image/png', 'image/jpeg', 'image/webp', 'image/svg+xml')),
  bytes         bytea NOT NULL CHECK (octet_length(bytes) BETWEEN 1 AND 524288),
  sha256        text NOT NULL CHECK (sha256 ~ '^[0-9a-f]{64}$'),
  updated_at    timestamptz NOT NULL DEFAULT now()
);
