/** The paper gallery's server state: the cards (GET /gallery, read once; one
 * card is a selection of the list, so opening a card costs no request). */
import { useQuery } from "@tanstack/react-query";
import { GalleryService, unwrap } from "./api";
import type { GalleryCard } from "./gallery";

const galleryQuery = {
  queryKey: ["gallery"],
  queryFn: () => unwrap(GalleryService.listCards(), "the gallery is not available"),
  staleTime: Number.POSITIVE_INFINITY,
} as const;

export function useGallery() {
  return useQuery(galleryQuery);
}

/** One card by id: undefined while loading, null when the gallery has no such card. */
export function useGalleryCard(id: string) {
  return useQuery({ ...galleryQuery, select: (cards: GalleryCard[]) => cards.find((c) => c.id === id) ?? null });
}
