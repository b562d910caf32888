// better-sqlite3 as the local Bluesky PDS (@atproto/pds) uses it, over libsql, whose API is
// better-sqlite3's and which ships prebuilt binaries: better-sqlite3 compiles SQLite at install
// wherever its prebuilt download is unreachable (a minute and a half here). Two differences matter
// to the PDS: libsql returns blobs as ArrayBuffers (the PDS decodes CBOR from Buffers) and adds a
// `_metadata` field to each row. Statements convert both; everything else is libsql's own.
// eslint-disable-next-line @typescript-eslint/no-require-imports -- CommonJS, as @atproto/pds requires it
const Libsql = require("libsql");

const value = (v) => (v instanceof ArrayBuffer ? Buffer.from(v) : v);
const row = (r) => {
  if (r === null || typeof r !== "object") return value(r);
  if (Array.isArray(r)) return r.map(value);
  const out = {};
  for (const key of Object.keys(r)) if (key !== "_metadata") out[key] = value(r[key]);
  return out;
};

function wrap(stmt) {
  const get = stmt.get.bind(stmt);
  const all = stmt.all.bind(stmt);
  const iterate = stmt.iterate.bind(stmt);
  stmt.get = (...args) => row(get(...args));
  stmt.all = (...args) => all(...args).map(row);
  stmt.iterate = function* (...args) {
    for (const r of iterate(...args)) yield row(r);
  };
  return stmt;
}

class Database extends Libsql {
  prepare(sql) {
    return wrap(super.prepare(sql));
  }
}

module.exports = Database;
module.exports.SqliteError = Libsql.SqliteError;
