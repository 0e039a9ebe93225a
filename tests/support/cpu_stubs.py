"""Moved to ``guardrails/probe/standins.py`` (``python -m guardrails doctor`` ships it). This name
stays for the tests and scripts that import ``tests.support.cpu_stubs``: it IS that module."""

import sys

from guardrails.probe import standins as _standins

sys.modules[__name__] = _standins
