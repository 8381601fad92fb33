"""Voila settings for the app served from this checkout (``bash scripts/play.sh``).

Voila 0.5 reads ``voila.py`` from the directory it is started in, and scripts/play.sh starts
it from the repository root, so this file applies without a flag (as it does for
JupyterLab's ``/voila/render/...`` started here, which takes only its VoilaConfiguration).
The settings themselves (preheated kernels, culling, the cap NATIONS_MAX_KERNELS, security
headers, the _xsrf fix, TCP_NODELAY, the page template) live in the package,
``nations_widget/app/voila_settings.py``, so that ``nations-widget play`` (from any folder)
and Binder serve the app with the very same ones.
"""

from nations_widget.app.voila_settings import configure

configure(get_config())  # noqa: F821  (traitlets defines get_config for config files)
