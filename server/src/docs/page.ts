/**
 * GET /api/docs: the OpenAPI document as one readable HTML page, rendered here from the document
 * itself (no CDN, no script, no extra dependency). Every text from the document is escaped.
 */
import type { OpenAPIV3 } from "openapi-types";

type Schema = OpenAPIV3.SchemaObject | OpenAPIV3.ReferenceObject;

const METHODS = ["get", "put", "post", "delete", "patch", "head", "options"] as const;

/** Text for HTML content and attribute values. */
export function escapeHtml(value: unknown): string {
  return String(value)
    .replaceAll("&", "&amp;")
    .replaceAll("<", "&lt;")
    .replaceAll(">", "&gt;")
    .replaceAll('"', "&quot;")
    .replaceAll("'", "&#39;");
}

const isRef = (value: unknown): value is OpenAPIV3.ReferenceObject =>
  typeof value === "object" && value !== null && "$ref" in value;

const slug = (text: string) =>
  text
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-|-$/g, "");

interface Operation {
  method: string;
  path: string;
  op: OpenAPIV3.OperationObject & { "x-access"?: string };
  shared: (OpenAPIV3.ParameterObject | OpenAPIV3.ReferenceObject)[];
}

export function renderDocsPage(document: OpenAPIV3.Document): string {
  const resolve = <T extends object>(value: T | OpenAPIV3.ReferenceObject): T | undefined => {
    if (!isRef(value)) return value;
    const found = value.$ref
      .replace(/^#\//, "")
      .split("/")
      .reduce<unknown>(
        (node, key) => (node as Record<string, unknown> | undefined)?.[decodeURIComponent(key)],
        document,
      );
    return found as T | undefined;
  };

  /** One line about a schema: its type, nullability, format, enum and bounds. */
  function typeLine(schema: OpenAPIV3.SchemaObject): string {
    const parts: string[] = [];
    const types = (Array.isArray(schema.type) ? schema.type : schema.type ? [schema.type] : []) as string[];
    let type = types.join(" or ");
    if (type === "array" && schema.type === "array") {
      const items = resolve(schema.items);
      type = `list of ${items ? typeLine(items) : "anything"}`;
    }
    if (type !== "") parts.push(type);
    if (schema.nullable) parts.push("or null");
    if (schema.format) parts.push(`(${schema.format})`);
    if (schema.enum) parts.push(`one of: ${schema.enum.map((v) => JSON.stringify(v)).join(", ")}`);
    const constant = (schema as { const?: unknown }).const;
    if (constant !== undefined) parts.push(`always ${JSON.stringify(constant)}`);
    const bounds: [keyof OpenAPIV3.SchemaObject, string][] = [
      ["minLength", "min length"],
      ["maxLength", "max length"],
      ["minimum", "≥"],
      ["maximum", "≤"],
      ["minItems", "min items"],
      ["maxItems", "max items"],
    ];
    for (const [key, label] of bounds) if (schema[key] !== undefined) parts.push(`${label} ${String(schema[key])}`);
    if (schema.uniqueItems) parts.push("distinct");
    return parts.join(" ");
  }

  function renderSchema(value: Schema | undefined, depth = 0): string {
    const schema = value && resolve(value);
    if (!schema) return "";
    if (depth > 8) return "<span class=t>…</span>";
    const name = isRef(value) ? `<span class=ref>${escapeHtml(value.$ref.split("/").pop())}</span> ` : "";
    const alternatives = schema.anyOf ?? schema.oneOf;
    if (alternatives) {
      const items = alternatives.map(
        (alt) => `<li>${renderSchema(alt, depth + 1) || "<span class=t>anything</span>"}</li>`,
      );
      return `${name}<span class=t>one of${schema.nullable ? " (or null)" : ""}:</span><ol>${items.join("")}</ol>`;
    }
    let html = `${name}<span class=t>${escapeHtml(typeLine(schema))}</span>`;
    if (schema.description && depth === 0) html += ` <span class=d>${escapeHtml(schema.description)}</span>`;
    if (schema.type === "array") {
      const items = schema.items && resolve(schema.items);
      if (items && (items.properties || items.anyOf || items.oneOf)) html += renderSchema(schema.items, depth + 1);
      return html;
    }
    const properties = Object.entries(schema.properties ?? {});
    const patterns = Object.entries((schema as { patternProperties?: Record<string, Schema> }).patternProperties ?? {});
    if (properties.length === 0 && patterns.length === 0) return html;
    const required = new Set(schema.required ?? []);
    const rows = properties.map(([key, child]) =>
      field(`<code>${escapeHtml(key)}</code>`, child, required.has(key), depth),
    );
    rows.push(
      ...patterns.map(([pattern, child]) => field(`<code>/${escapeHtml(pattern)}/</code>`, child, false, depth)),
    );
    const closed = schema.additionalProperties === false ? " <span class=d>(no other fields)</span>" : "";
    return `${html}${closed}<ul>${rows.join("")}</ul>`;
  }

  function field(label: string, child: Schema, required: boolean, depth: number): string {
    const resolved = resolve(child);
    const description = resolved?.description ? ` — ${escapeHtml(resolved.description)}` : "";
    const mark = required ? " <span class=req>required</span>" : "";
    const body = resolved ? renderSchema({ ...resolved, description: undefined }, depth + 1) : "";
    return `<li>${label}${mark}: ${body}${description}</li>`;
  }

  function renderParameters(parameters: Operation["shared"]): string {
    const resolved = parameters.map((p) => resolve(p)).filter((p): p is OpenAPIV3.ParameterObject => p !== undefined);
    if (resolved.length === 0) return "";
    const rows = resolved.map(
      (p) =>
        `<tr><td><code>${escapeHtml(p.name)}</code></td><td>${escapeHtml(p.in)}</td><td>${p.required ? "yes" : "no"}</td>` +
        `<td>${renderSchema(p.schema)}${p.description ? ` ${escapeHtml(p.description)}` : ""}</td></tr>`,
    );
    return `<h4>Parameters</h4><table><tr><th>Name</th><th>In</th><th>Required</th><th>Schema</th></tr>${rows.join("")}</table>`;
  }

  /** `{message}` alone: the error answer of every refusal, shown in one line. */
  function isMessageOnly(schema: Schema | undefined): boolean {
    const resolved = schema && resolve(schema);
    return Object.keys(resolved?.properties ?? {}).join() === "message";
  }

  function renderContent(content: Record<string, OpenAPIV3.MediaTypeObject> | undefined, described = ""): string {
    return Object.entries(content ?? {})
      .map(([type, media]) => {
        if (isMessageOnly(media.schema)) return ` <code>{"message": string}</code>`;
        const schema = media.schema && resolve(media.schema);
        // The answer's description is said once, beside its status.
        const shown = schema?.description === described ? { ...schema, description: undefined } : media.schema;
        return `<div class=media><code>${escapeHtml(type)}</code> ${renderSchema(shown)}</div>`;
      })
      .join("");
  }

  /** The headers an answer documents (Content-Range, Location, Retry-After…), one line each. */
  function renderHeaders(headers: OpenAPIV3.ResponseObject["headers"]): string {
    const rows = Object.entries(headers ?? {}).map(([name, header]) => {
      const resolved = resolve(header);
      const description = resolved?.description ? ` — ${escapeHtml(resolved.description)}` : "";
      return `<li>Header <code>${escapeHtml(name)}</code>${description}</li>`;
    });
    return rows.length === 0 ? "" : `<ul class=headers>${rows.join("")}</ul>`;
  }

  function renderOperation({ method, path, op, shared }: Operation): string {
    const id = slug(`${method} ${path}`);
    const body = op.requestBody && resolve(op.requestBody);
    const responses = Object.entries(op.responses ?? {}).map(([status, response]) => {
      const resolved = resolve(response);
      return (
        `<tr><td class=status>${escapeHtml(status)}</td><td>${escapeHtml(resolved?.description ?? "")}` +
        `${renderHeaders(resolved?.headers)}${renderContent(resolved?.content, resolved?.description)}</td></tr>`
      );
    });
    return [
      `<article id="${escapeHtml(id)}">`,
      `<h3><span class="method ${escapeHtml(method)}">${escapeHtml(method.toUpperCase())}</span> <code>${escapeHtml(path)}</code></h3>`,
      op.summary ? `<p class=summary>${escapeHtml(op.summary)}</p>` : "",
      op.description ? `<p>${escapeHtml(op.description)}</p>` : "",
      `<p><b>Who may call it:</b> ${escapeHtml(op["x-access"] ?? "not stated")}</p>`,
      op.operationId ? `<p class=opid>operationId <code>${escapeHtml(op.operationId)}</code></p>` : "",
      renderParameters([...shared, ...(op.parameters ?? [])]),
      body ? `<h4>Request body${body.required ? "" : " (optional)"}</h4>${renderContent(body.content)}` : "",
      `<h4>Responses</h4><table><tr><th>Status</th><th>Answer</th></tr>${responses.join("")}</table>`,
      `</article>`,
    ].join("\n");
  }

  // Operations grouped by their first tag, tags in the order they first appear.
  const groups = new Map<string, Operation[]>();
  for (const [path, item] of Object.entries(document.paths ?? {})) {
    if (!item) continue;
    for (const method of METHODS) {
      const op = item[method];
      if (!op) continue;
      const tag = op.tags?.[0] ?? "Other";
      if (!groups.has(tag)) groups.set(tag, []);
      groups.get(tag)!.push({ method, path, op, shared: item.parameters ?? [] });
    }
  }
  const tagDescriptions = new Map((document.tags ?? []).map((tag) => [tag.name, tag.description]));

  const toc = [...groups.entries()]
    .map(([tag, ops]) => `<li><a href="#${escapeHtml(slug(`tag ${tag}`))}">${escapeHtml(tag)}</a> (${ops.length})</li>`)
    .join("");
  const sections = [...groups.entries()].map(([tag, ops]) => {
    const description = tagDescriptions.get(tag);
    return (
      `<section id="${escapeHtml(slug(`tag ${tag}`))}"><h2>${escapeHtml(tag)}</h2>` +
      `${description ? `<p>${escapeHtml(description)}</p>` : ""}${ops.map(renderOperation).join("\n")}</section>`
    );
  });
  const { title, version, description } = document.info;

  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)} ${escapeHtml(version)} — API</title>
<style>
body{font:15px/1.5 system-ui,sans-serif;margin:0 auto;max-width:60rem;padding:1rem 2rem;color:#1d1d1f}
h2{border-bottom:2px solid #ddd;margin-top:2.5rem}
article{border:1px solid #ddd;border-radius:6px;padding:.25rem 1rem;margin:1rem 0}
h3{font-size:1.05rem}h4{margin:.75rem 0 .25rem}
.method{display:inline-block;min-width:4.5rem;text-align:center;border-radius:4px;color:#fff;background:#555;padding:0 .4rem;font-size:.85rem}
.get{background:#1565c0}.post{background:#2e7d32}.put,.patch{background:#ef6c00}.delete{background:#c62828}
.summary{font-weight:600}.t{color:#6a1b9a}.d{color:#555}.ref{color:#00695c}.req{color:#c62828;font-size:.8rem}
table{border-collapse:collapse;width:100%}td,th{border:1px solid #e0e0e0;padding:.25rem .5rem;text-align:left;vertical-align:top}
.status{font-weight:600;white-space:nowrap}.opid{color:#555;font-size:.85rem}ul,ol{margin:.2rem 0;padding-left:1.25rem}code{font-size:.9em}
</style>
</head>
<body>
<h1>${escapeHtml(title)} <small>${escapeHtml(version)}</small></h1>
${description ? `<p>${escapeHtml(description)}</p>` : ""}
<p>Generated from the service's own route schemas; machine-readable: <a href="/api/docs/openapi.json">/api/docs/openapi.json</a> (OpenAPI ${escapeHtml(document.openapi)}).</p>
<nav><ul>${toc}</ul></nav>
${sections.join("\n")}
</body>
</html>
`;
}
