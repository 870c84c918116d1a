export function ShareView({ slug }: { slug: string }) {
  return <section data-testid="share-view">Share {slug}</section>;
}
