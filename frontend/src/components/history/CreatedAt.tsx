import { absoluteTime, relativeTime } from "./time";

/** A creation time, relative ("5 min. ago") above absolute ("2026-08-21 14:03:07"). */
export function CreatedAt(props: { iso: string; now: number }) {
  const abs = absoluteTime(props.iso);
  return (
    <time dateTime={props.iso} title={abs} className="hist-time">
      <span>{relativeTime(props.iso, props.now)}</span>
      <span className="muted hist-abs">{abs}</span>
    </time>
  );
}
