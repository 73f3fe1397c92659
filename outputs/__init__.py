"""What the project publishes from the catalogs: the database with its API (``outputs.database``) and
the site's pages (``outputs.pages``). Both iterate over the registered games; neither names one."""
