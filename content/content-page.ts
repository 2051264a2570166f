/** A content page as the app receives it: rendered at build time from a Markdown file here. */
export interface ContentPage {
  title: string;
  /** One sentence: the page's summary on cards and in search results. */
  description: string;
  /** When the text last changed, as YYYY-MM-DD. */
  updated: string;
  /** The body, rendered from Markdown written in this repository (never from user input). */
  html: string;
  /** The page's h2 headings with their ids, for its table of contents. */
  toc: { id: string; text: string }[];
  /** The introduction (id "") and each h2 section as plain text, for the help centre's search. */
  sections: ContentSection[];
}

export interface ContentSection {
  id: string;
  heading: string;
  text: string;
}
