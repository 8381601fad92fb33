"""The app: the notebooks, the Voila page template and Voila's settings, which travel with the
package, and the launchers of ``nations-widget play`` and ``nations-widget lab``.

- :mod:`nations_widget.app.voila_settings`: Voila's settings (the repository root's
  ``voila.py`` reads them too);
- :mod:`nations_widget.app.launch`: serving the app, opening the notebooks in JupyterLab;
- ``jupyter_data/voila/templates/nations``: the page template.

The notebooks live in the repository's ``notebooks/`` folder; a wheel carries them in
``nations_widget/app/notebooks`` (``pyproject.toml``), and :func:`notebooks_dir` finds
them in either place.
"""

from __future__ import annotations

from pathlib import Path

#: the app's notebook, which ``nations-widget play`` serves
APP_NOTEBOOK = "play.ipynb"
#: the notebooks ``nations-widget lab`` opens
NOTEBOOKS = ("play.ipynb", "learn.ipynb", "inspect.ipynb", "learn_board.ipynb",
             "inspect_board.ipynb")


def notebooks_dir() -> Path:
    """The folder holding the notebooks: the installed package's copy, or, in a source
    checkout (an editable install), the repository's ``notebooks/``."""
    here = Path(__file__).resolve().parent
    for folder in (here / "notebooks", here.parents[1] / "notebooks"):
        if (folder / APP_NOTEBOOK).is_file():
            return folder
    raise FileNotFoundError(
        f"the app's notebook {APP_NOTEBOOK} is neither in {here / 'notebooks'} (an installed "
        f"package) nor in {here.parents[1] / 'notebooks'} (a source checkout): reinstall "
        "nations_widget")
