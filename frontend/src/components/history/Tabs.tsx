/** Tabs as WAI-ARIA describes them (Authoring Practices, "Tabs" pattern):
 * a tablist of buttons, the selected one in the tab order, ←/→ (and
 * Home/End) move between tabs and select the one reached. */
import { useRef } from "react";

export interface TabSpec<K extends string> {
  key: K;
  label: string;
}

export function Tabs<K extends string>(props: { label: string; tabs: readonly TabSpec<K>[]; selected: K; onSelect: (key: K) => void; idPrefix: string }) {
  const refs = useRef(new Map<K, HTMLButtonElement>());
  const keys = props.tabs.map((t) => t.key);
  const move = (ev: React.KeyboardEvent, from: K) => {
    const i = keys.indexOf(from);
    const to =
      ev.key === "ArrowRight" ? keys[(i + 1) % keys.length] : ev.key === "ArrowLeft" ? keys[(i - 1 + keys.length) % keys.length] : ev.key === "Home" ? keys[0] : ev.key === "End" ? keys[keys.length - 1] : null;
    if (to === null) return;
    ev.preventDefault();
    props.onSelect(to);
    refs.current.get(to)?.focus();
  };
  return (
    <div role="tablist" aria-label={props.label} className="hist-tabs">
      {props.tabs.map((t) => {
        const on = t.key === props.selected;
        return (
          <button
            key={t.key}
            ref={(el) => {
              if (el) refs.current.set(t.key, el);
              else refs.current.delete(t.key);
            }}
            type="button"
            role="tab"
            id={`${props.idPrefix}-tab-${t.key}`}
            aria-selected={on}
            aria-controls={`${props.idPrefix}-panel-${t.key}`}
            tabIndex={on ? 0 : -1}
            onClick={() => props.onSelect(t.key)}
            onKeyDown={(ev) => move(ev, t.key)}
          >
            {t.label}
          </button>
        );
      })}
    </div>
  );
}
