// Script of pages that show carousels without hydrating React.
import { enhanceCarousel } from "./carousel";

for (const root of document.querySelectorAll<HTMLElement>("[data-carousel]")) enhanceCarousel(root);
