/** A run's, comparison's or share's state as a small badge (colour plus the
 * word itself, so nothing depends on the colour). */
export function StatusBadge(props: { status: string; progress?: number }) {
  const running = props.progress !== undefined && (props.status === "running" || props.status === "queued");
  return (
    <span className={`hist-state hist-state-${props.status}`} data-testid="history-status">
      {props.status}
      {running && ` ${Math.floor((props.progress ?? 0) * 100)} %`}
    </span>
  );
}
