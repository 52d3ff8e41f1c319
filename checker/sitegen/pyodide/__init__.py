"""The project's own Python in the browser: Pyodide from npm, the dependencies from PyPI, and the ``checker``
package, assembled at site build time into ``assets/reglas-py/`` of the built site (no CDN, no server)."""
