export function RunView({ id }: { id: string }) {
  return <section data-testid="run-view">Run {id}</section>;
}
