"""MkDocs hooks of the reglas site; the implementation lives in checker.sitegen.hooks."""

from checker.sitegen.hooks import (  # noqa: F401 - MkDocs looks these names up
    on_config,
    on_files,
    on_page_content,
    on_page_markdown,
    on_post_build,
    on_post_page,
)
