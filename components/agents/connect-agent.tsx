"use client";
import Link from "next/link";
import { useId, useState } from "react";
import { CreateKeyForm } from "@/components/api-keys/create-key-form";
import { Alert } from "@/components/ui/alert";
import { Card } from "@/components/ui/card";
import { onTabKeyDown } from "@/components/ui/tab-keys";
import { clientConfigs } from "./client-configs";
import { CopyButton } from "./copy-button";

export type ToolSummary = { name: string; title: string; description: string };

type Props = { endpoint: string; projectRoot: string; keyVariable: string; dataDir: string; externalDatabase: boolean; tools: ToolSummary[] };

export function ConnectAgent({ tools, ...installation }: Props) {
  const [created, setCreated] = useState<{ key: string; name: string } | null>(null);
  const { endpoint } = installation;
  const configs = clientConfigs({ ...installation, apiKey: created?.key ?? null });

  return (
    <div className="space-y-6">
      <Card>
        <h2 className="text-base font-semibold">Endpoint</h2>
        <p className="mt-1 text-sm text-slate-600">
          The Model Context Protocol over Streamable HTTP. Agents send an API key of this workspace as{" "}
          <code className="rounded bg-slate-100 px-1">Authorization: Bearer &lt;key&gt;</code>; every tool acts in the key&apos;s workspace.
        </p>
        <div className="mt-3 flex flex-wrap items-center gap-2">
          <code
            data-testid="mcp-endpoint"
            className="min-w-0 flex-1 truncate rounded-md bg-slate-50 px-3 py-2 font-mono text-sm ring-1 ring-inset ring-slate-200"
          >
            {endpoint}
          </code>
          <CopyButton text={endpoint} label="the endpoint URL" />
        </div>
      </Card>

      <Card>
        <h2 className="text-base font-semibold">1. An API key for the agent</h2>
        {created ? (
          <div className="mt-3">
            <Alert tone="success">
              The key “{created.name}” is filled into the configurations below. It is shown only on this page, now: copy a configuration before you leave.
            </Alert>
          </div>
        ) : (
          <>
            <p className="mt-1 text-sm text-slate-600">
              Create one here and it goes straight into the configurations below, or use a key you have (
              <Link href="/settings/api-keys" className="text-brand-700 underline">
                Settings → API keys
              </Link>
              ) in place of <code className="rounded bg-slate-100 px-1">&lt;API_KEY&gt;</code>.
            </p>
            <div className="mt-4">
              <CreateKeyForm onCreated={(result) => setCreated({ key: result.key, name: result.apiKey.name })} />
            </div>
          </>
        )}
      </Card>

      <Card>
        <h2 className="text-base font-semibold">2. Your client&apos;s configuration</h2>
        <ConfigTabs configs={configs} />
      </Card>

      <Card>
        <h2 className="text-base font-semibold">Tools</h2>
        <p className="mt-1 text-sm text-slate-600">
          Each is one operation of the REST API, with the same input, rules and error codes. A failed call is a tool error whose text is{" "}
          <code className="rounded bg-slate-100 px-1">{'{"error":{"code","message","details"}}'}</code>. File bytes go to the upload URL that
          create_media_upload answers (an HTTP PUT); files uploaded on the Media page are listed by list_media.
        </p>
        <dl className="mt-4 divide-y divide-slate-100">
          {tools.map((tool) => (
            <div key={tool.name} className="py-3" data-testid="mcp-tool">
              <dt className="text-sm">
                <code className="font-mono font-semibold text-slate-900">{tool.name}</code>
                <span className="ml-2 text-slate-500">{tool.title}</span>
              </dt>
              <dd className="mt-1 text-sm text-slate-600">{tool.description}</dd>
            </div>
          ))}
        </dl>
      </Card>
    </div>
  );
}

function ConfigTabs({ configs }: { configs: ReturnType<typeof clientConfigs> }) {
  const [selected, setSelected] = useState(0);
  const base = useId();
  const current = configs[selected]!;
  return (
    <div className="mt-3">
      <div role="tablist" aria-label="Client" className="flex flex-wrap gap-1 border-b border-slate-200">
        {configs.map((config, i) => (
          <button
            key={config.id}
            type="button"
            role="tab"
            id={`${base}-tab-${config.id}`}
            aria-selected={i === selected}
            aria-controls={`${base}-panel`}
            tabIndex={i === selected ? 0 : -1}
            onClick={() => setSelected(i)}
            onKeyDown={(e) => onTabKeyDown(e, i, configs.length, setSelected)}
            className={`-mb-px rounded-t-md px-3 py-2 text-sm font-medium ${i === selected ? "border-b-2 border-brand-600 text-brand-700" : "text-slate-600 hover:text-slate-900"}`}
          >
            {config.label}
          </button>
        ))}
      </div>
      <div role="tabpanel" id={`${base}-panel`} aria-labelledby={`${base}-tab-${current.id}`} className="pt-3">
        <div className="flex items-start justify-between gap-3">
          <p className="text-sm text-slate-600">{current.where}</p>
          <CopyButton text={current.text} label={`the ${current.label} configuration`} />
        </div>
        <pre data-testid="mcp-config" tabIndex={0} className="mt-2 overflow-x-auto rounded-md bg-slate-900 p-4 text-xs leading-relaxed text-slate-100">
          <code>{current.text}</code>
        </pre>
      </div>
    </div>
  );
}
