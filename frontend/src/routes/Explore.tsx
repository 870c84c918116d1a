/** Placeholder: the preset gallery and scenario builder are built next. */
export function Explore() {
  return <section data-testid="explore"><h1>Explore</h1></section>;
}
