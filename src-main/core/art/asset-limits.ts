// Asset limits shared by main and the renderer (no imports, so the page bundle can use them).

/** The largest picture the app stores (40 MiB): as base64 it still fits one WebSocket message. */
export const MAX_ASSET_BYTES = 40 * 1024 * 1024

/** The largest token picture (8 MiB). */
export const MAX_TOKEN_PICTURE_BYTES = 8 * 1024 * 1024

/** Everything a pack import keeps (campaign.json and its pictures, as announced), together. */
export const MAX_PACK_BYTES = 512 * 1024 * 1024

/** Stored pictures are named by the SHA-256 of their bytes. */
export const ASSET_HASH_PATTERN = /^[0-9a-f]{64}$/
