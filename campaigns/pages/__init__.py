"""The campaign pages: server-rendered forms over the campaign services, enhanced with htmx."""
