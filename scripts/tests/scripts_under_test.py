"""Loads the training scripts (executables without a `.py` name) as modules for their tests."""
import importlib.machinery
import importlib.util
import os
import sys

SCRIPTS = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
MINE_HISTORY = os.path.join(SCRIPTS, "mine-history")

# A test run leaves no compiled files beside the scripts.
sys.dont_write_bytecode = True


def load_script(name):
    """scripts/<name> as a module (its `main` is not run)."""
    path = os.path.join(SCRIPTS, name)
    loader = importlib.machinery.SourceFileLoader(name.replace("-", "_"), path)
    spec = importlib.util.spec_from_loader(loader.name, loader)
    module = importlib.util.module_from_spec(spec)
    loader.exec_module(module)
    return module
