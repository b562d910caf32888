"use client";
import { KEY_SCOPES, keyScopeDescriptions } from "@/server/domain/api-keys/key-scopes";

/** The scopes a new key holds, as checkboxes named "scopes" (all checked: a key that can do everything). */
export function ScopePicker() {
  return (
    <fieldset className="w-full">
      <legend className="text-sm font-medium text-slate-700">Scopes</legend>
      <p className="mt-1 text-xs text-slate-500">What the key may do. A request outside its scopes is refused with 403 FORBIDDEN.</p>
      <div className="mt-2 grid gap-x-6 gap-y-1.5 sm:grid-cols-2">
        {KEY_SCOPES.map((scope) => (
          <label key={scope} className="flex items-start gap-2 text-sm">
            <input type="checkbox" name="scopes" value={scope} defaultChecked className="mt-0.5" />
            <span>
              <code className="rounded bg-slate-100 px-1 text-xs">{scope}</code> <span className="text-slate-600">{keyScopeDescriptions[scope]}</span>
            </span>
          </label>
        ))}
      </div>
    </fieldset>
  );
}
