"""Sphinx configuration of the API reference (built in CI by tests/test_docs.py, warnings as errors).

    pip install '.[docs]' && sphinx-build -W -b html docs/api build/api-html
"""

import importlib.util

project = "Triptych"
author = "the Triptych developers"
extensions = ["sphinx.ext.autodoc", "sphinx.ext.napoleon"]
autodoc_default_options = {"members": True, "undoc-members": False, "show-inheritance": False}
autodoc_member_order = "bysource"
autodoc_typehints = "description"
napoleon_use_ivar = True  # "Attributes:" sections as fields, not a second description of each dataclass field
# pybind11 signatures name C++-side types that Sphinx cannot resolve; they are documented in words.
nitpicky = False
html_theme = "alabaster"
exclude_patterns = ["_build"]
# Optional peers (the bench and rl extras) need not be installed to document their adapters.
autodoc_mock_imports = ["pyspiel"] + [name for name in ("gymnasium", "pettingzoo")
                                      if importlib.util.find_spec(name) is None]
