"use client";
// The Import page: a CSV uploaded (or pasted), checked by a dry run of the very import it will
// send (POST /api/v1/imports through tRPC), shown as a table with each row's problems in plain
// words; then the real import, followed until it ends, with each row's post group linked.
import { useMutation, useQuery } from "@tanstack/react-query";
import Papa from "papaparse";
import { useEffect, useId, useMemo, useState } from "react";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { errorMessage, useTRPC } from "@/components/trpc";
import { allTimeZones } from "@/components/scheduling/use-time-zone";
import { providerLabels } from "@/server/domain/accounts/providers";
import type { ImportCheck } from "@/server/domain/imports/imports.schema";
import { rowProblem } from "./row-problem";

const POLL_MS = 1000;
/** Rows whose post groups are linked one by one; the rest are counted. */
const LINKED_ROWS = 50;

type Sent = { data: string; timezone: string; requestId: string };

export function ImportPosts() {
  const trpc = useTRPC();
  const ids = { file: useId(), text: useId(), zone: useId(), zoneHint: useId() };
  const [data, setData] = useState("");
  const [timezone, setTimezone] = useState("UTC");
  const [checked, setChecked] = useState<{ sent: Sent; check: ImportCheck } | null>(null);
  const [importId, setImportId] = useState<string | null>(null);
  useEffect(() => setTimezone(Intl.DateTimeFormat().resolvedOptions().timeZone), []);
  const zones = useMemo(() => allTimeZones(), []);

  const run = useMutation(trpc.imports.start.mutationOptions());
  const current = checked && checked.sent.data === data && checked.sent.timezone === timezone ? checked : null;

  const check = () => {
    // one requestId per checked file: clicking Import twice imports it once
    const sent = { data, timezone, requestId: crypto.randomUUID() };
    setImportId(null);
    run.mutate(
      { requestId: sent.requestId, format: "csv", data, timezone, dryRun: true },
      { onSuccess: (answer) => "check" in answer && setChecked({ sent, check: answer.check }) },
    );
  };
  const start = () => {
    if (!current) return;
    const { sent } = current;
    run.mutate(
      { requestId: sent.requestId, format: "csv", data: sent.data, timezone: sent.timezone },
      { onSuccess: (a) => "importId" in a && setImportId(a.importId) },
    );
  };

  const onFile = async (file: File | undefined) => {
    if (!file) return;
    setData(await file.text());
    setChecked(null);
    setImportId(null);
  };

  const invalid = current ? current.check.rows.filter((r) => !r.valid).length : 0;
  return (
    <div className="space-y-6">
      <section aria-labelledby="import-file" className="space-y-4 rounded-lg bg-white p-4 shadow-sm ring-1 ring-slate-200">
        <h2 id="import-file" className="text-base font-semibold text-slate-900">
          Your file
        </h2>
        <p className="text-sm text-slate-600">
          One post per row: accounts (x:username or an account id, separated by spaces), text, thread (later posts separated by a line holding ---), media
          (image or video links), firstComment, scheduledAt or queue (true), evergreen. At most 1,000 rows.{" "}
          <a href="/import-template.csv" download className="font-medium text-brand-700 underline">
            Download template CSV
          </a>
        </p>
        <div>
          <label htmlFor={ids.file} className="block text-sm font-medium text-slate-700">
            CSV file
          </label>
          <input
            id={ids.file}
            type="file"
            accept=".csv,text/csv"
            onChange={(e) => void onFile(e.target.files?.[0])}
            className="mt-1 block w-full text-sm text-slate-700 file:mr-3 file:rounded-md file:border-0 file:bg-slate-100 file:px-3 file:py-2 file:text-sm file:font-medium"
          />
        </div>
        <div>
          <label htmlFor={ids.text} className="block text-sm font-medium text-slate-700">
            CSV text (uploaded, or pasted here; edit it to fix a row)
          </label>
          <textarea
            id={ids.text}
            value={data}
            onChange={(e) => setData(e.target.value)}
            rows={8}
            spellCheck={false}
            className="mt-1 block w-full rounded-md border-0 px-3 py-2 font-mono text-xs shadow-sm ring-1 ring-inset ring-slate-300 focus:ring-2 focus:ring-brand-500"
          />
        </div>
        <div className="max-w-sm">
          <label htmlFor={ids.zone} className="block text-sm font-medium text-slate-700">
            Time zone
          </label>
          <select
            id={ids.zone}
            value={timezone}
            aria-describedby={ids.zoneHint}
            onChange={(e) => setTimezone(e.target.value)}
            className="mt-1 block w-full rounded-md border-0 py-2 text-sm ring-1 ring-inset ring-slate-300"
          >
            {(zones.includes(timezone) ? zones : [timezone, ...zones]).map((z) => (
              <option key={z} value={z}>
                {z}
              </option>
            ))}
          </select>
          <p id={ids.zoneHint} className="mt-1 text-xs text-slate-500">
            For scheduled times written without an offset, such as 2026-12-01 09:00.
          </p>
        </div>
        <div className="flex flex-wrap gap-3">
          <Button variant="secondary" onClick={check} disabled={!data.trim() || run.isPending}>
            Check rows
          </Button>
          <Button onClick={start} disabled={!current?.check.valid || run.isPending || importId !== null}>
            Import
          </Button>
        </div>
        {run.error ? <Alert>{errorMessage(run.error)}</Alert> : null}
        {current ? (
          <Alert tone={current.check.valid ? "success" : "error"}>
            {current.check.valid
              ? `All ${current.check.rows.length} rows are ready to import.`
              : `${invalid} of ${current.check.rows.length} rows need fixing before anything can be imported.`}
          </Alert>
        ) : null}
      </section>
      {current && !importId ? <Preview data={current.sent.data} check={current.check} /> : null}
      {importId ? <Progress importId={importId} /> : null}
    </div>
  );
}

function Preview({ data, check }: { data: string; check: ImportCheck }) {
  // the cells as the person wrote them (the server answers each row's checks, by index)
  const cells = useMemo(() => Papa.parse<Record<string, string>>(data.replace(/^\uFEFF/, ""), { header: true, skipEmptyLines: "greedy" }).data, [data]);
  const base = useId();
  return (
    <section aria-labelledby={`${base}-h`} className="rounded-lg bg-white p-4 shadow-sm ring-1 ring-slate-200">
      <h2 id={`${base}-h`} className="mb-3 text-base font-semibold text-slate-900">
        Preview
      </h2>
      <div className="overflow-x-auto">
        <table className="min-w-full text-left text-sm">
          <caption className="sr-only">Each row of the file and whether it can be imported</caption>
          <thead className="text-slate-600">
            <tr>
              <th scope="col" className="py-2 pr-3 font-medium">
                Row
              </th>
              <th scope="col" className="py-2 pr-3 font-medium">
                Accounts
              </th>
              <th scope="col" className="py-2 pr-3 font-medium">
                Text
              </th>
              <th scope="col" className="py-2 pr-3 font-medium">
                When
              </th>
              <th scope="col" className="py-2 font-medium">
                Problems
              </th>
            </tr>
          </thead>
          <tbody className="divide-y divide-slate-100">
            {check.rows.map((r) => {
              const c = cells[r.row] ?? {};
              const problems = `${base}-p${r.row}`;
              return (
                <tr key={r.row} data-testid="import-row" className="align-top">
                  <th scope="row" aria-describedby={problems} className="py-2 pr-3 font-medium text-slate-900">
                    {r.row + 1}
                  </th>
                  <td className="py-2 pr-3 break-all">{c.accounts}</td>
                  <td className="max-w-xs py-2 pr-3 break-words">{c.text}</td>
                  <td className="py-2 pr-3">{c.queue?.trim().toLowerCase() === "true" ? "Next free slot" : c.scheduledAt || "Now"}</td>
                  <td id={problems} className="py-2">
                    {r.valid ? (
                      <span className="text-emerald-800">Ready</span>
                    ) : (
                      <ul className="list-disc space-y-1 pl-4 text-red-700">
                        {r.errors.map((e, k) => (
                          <li key={k}>{rowProblem(e)}</li>
                        ))}
                      </ul>
                    )}
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
      </div>
    </section>
  );
}

function Progress({ importId }: { importId: string }) {
  const trpc = useTRPC();
  const got = useQuery({
    ...trpc.imports.get.queryOptions({ id: importId }),
    refetchInterval: (q) => (q.state.data && ["completed", "failed"].includes(q.state.data.status) ? false : POLL_MS),
  });
  const view = got.data;
  const base = useId();
  if (got.error) return <Alert>{errorMessage(got.error)}</Alert>;
  if (!view) return <p className="text-sm text-slate-600">Starting the import…</p>;
  const ended = view.status === "completed" || view.status === "failed";
  return (
    <section aria-labelledby={`${base}-h`} className="space-y-3 rounded-lg bg-white p-4 shadow-sm ring-1 ring-slate-200">
      <h2 id={`${base}-h`} className="text-base font-semibold text-slate-900">
        Result
      </h2>
      <Alert tone={view.status === "failed" ? "error" : ended ? "success" : "info"}>
        {view.status === "completed"
          ? `Imported: ${view.created} post groups created.`
          : view.status === "failed"
            ? `Finished with problems: ${view.created} of ${view.total} post groups created.${view.error ? ` ${view.error}` : ""}`
            : `Importing… ${view.created} of ${view.total} post groups created.`}
      </Alert>
      <div className="overflow-x-auto">
        <table className="min-w-full text-left text-sm">
          <caption className="sr-only">Each row and the post group it made</caption>
          <thead className="text-slate-600">
            <tr>
              <th scope="col" className="py-2 pr-3 font-medium">
                Row
              </th>
              <th scope="col" className="py-2 font-medium">
                Post group
              </th>
            </tr>
          </thead>
          <tbody className="divide-y divide-slate-100">
            {view.rows.slice(0, LINKED_ROWS).map((r) => (
              <tr key={r.row} data-testid="import-result-row" className="align-top">
                <th scope="row" className="py-2 pr-3 font-medium text-slate-900">
                  {r.row + 1}
                </th>
                <td className="py-2">
                  {r.postGroupId ? (
                    <GroupLinks postGroupId={r.postGroupId} />
                  ) : r.error ? (
                    <span className="text-red-700">{rowProblem(r.error)}</span>
                  ) : (
                    <span className="text-slate-600">Waiting…</span>
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {view.rows.length > LINKED_ROWS ? (
        <p className="text-sm text-slate-600">
          And {view.rows.length - LINKED_ROWS} more rows; every post is in the{" "}
          <a href="/calendar" className="font-medium text-brand-700 underline">
            calendar
          </a>
          .
        </p>
      ) : null}
    </section>
  );
}

/** A created post group: each of its posts, linked to its job. */
function GroupLinks({ postGroupId }: { postGroupId: string }) {
  const trpc = useTRPC();
  const group = useQuery(trpc.posts.group.queryOptions({ id: postGroupId }));
  if (!group.data) return <span className="text-slate-600">Post group {postGroupId.slice(0, 8)}</span>;
  return (
    <ul className="space-y-1">
      {group.data.targets.map((t) => (
        <li key={t.jobId}>
          <a href={`/jobs?job=${t.jobId}`} className="font-medium text-brand-700 underline">
            {providerLabels[t.provider]} @{t.username}
          </a>{" "}
          <span className="text-slate-600">
            {t.status}
            {(t.scheduledAt ?? group.data.scheduledAt) ? ` · ${new Date((t.scheduledAt ?? group.data.scheduledAt)!).toLocaleString()}` : ""}
          </span>
        </li>
      ))}
    </ul>
  );
}
