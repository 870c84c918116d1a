export function CompareView({ id }: { id: string }) {
  return <section data-testid="compare-view">Comparison {id}</section>;
}
