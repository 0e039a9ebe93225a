"""Moved to ``guardrails/probe/real.py`` (``python -m guardrails doctor`` ships it). This name
stays for the tests and scripts that import ``tests.support.real_sglang``: it IS that module."""

import sys

from guardrails.probe import real as _real

sys.modules[__name__] = _real
