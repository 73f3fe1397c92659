"""The site's generated Markdown: every entry under an anchor that is its id, on the page its game
module gives its kind; Material for MkDocs turns it into the site (kb build)."""
