import type { IncomingMessage, ServerResponse } from "node:http";

export interface ReceivedFile {
  /** The form field, e.g. "files[0]". */
  field: string;
  /** n of "files[n]", which payload_json.attachments[].id refers to. */
  index: number | null;
  filename: string;
  contentType: string | null;
  bytes: Buffer;
}

export interface ParsedBody {
  json: unknown;
  files: ReceivedFile[];
  multipart: boolean;
}

/** An answer the REST router turns into an HTTP error like Discord's. */
export class ApiError extends Error {
  override name = "ApiError";
  constructor(
    readonly status: number,
    readonly code: number,
    message: string,
    readonly errors?: Record<string, unknown>,
    readonly issues: { path: string; code: string; message: string }[] = [],
  ) {
    super(message);
  }
}

export async function readBody(request: IncomingMessage): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

const FILE_FIELD = /^files\[(\d+)\]$/;

export async function parseBody(contentType: string | undefined, raw: Buffer): Promise<ParsedBody> {
  if (raw.length === 0) return { json: undefined, files: [], multipart: false };
  if (contentType?.startsWith("multipart/form-data")) {
    // undici's multipart parser ships with Node; no extra dependency.
    const form = await new Response(raw, { headers: { "content-type": contentType } }).formData();
    const files: ReceivedFile[] = [];
    let json: unknown;
    for (const [field, value] of form.entries()) {
      if (typeof value === "string") {
        if (field === "payload_json") json = parseJson(value);
        continue;
      }
      const match = FILE_FIELD.exec(field);
      files.push({
        field,
        index: match?.[1] !== undefined ? Number(match[1]) : null,
        filename: value.name,
        contentType: value.type === "" ? null : value.type,
        bytes: Buffer.from(await value.arrayBuffer()),
      });
    }
    return { json, files, multipart: true };
  }
  return { json: parseJson(raw.toString("utf8")), files: [], multipart: false };
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch (error) {
    throw new ApiError(400, 50109, "The request body contains invalid JSON.", undefined, [
      { path: "", code: "INVALID_JSON", message: error instanceof Error ? error.message : String(error) },
    ]);
  }
}

export function sendJson(response: ServerResponse, status: number, body: unknown, headers: Record<string, string>): void {
  const text = JSON.stringify(body);
  response.writeHead(status, { ...headers, "Content-Type": "application/json", "Content-Length": Buffer.byteLength(text) });
  response.end(text);
}

/** 204 with no Content-Type: with one, discord.js parses the empty body and deferReply throws. */
export function sendEmpty(response: ServerResponse, headers: Record<string, string>): void {
  response.writeHead(204, headers);
  response.end();
}

export function sendBytes(response: ServerResponse, bytes: Buffer, contentType: string | null): void {
  response.writeHead(200, { "Content-Type": contentType ?? "application/octet-stream", "Content-Length": bytes.length });
  response.end(bytes);
}
