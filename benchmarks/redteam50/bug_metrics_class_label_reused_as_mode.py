"""Decode backend that counts translated tokens per allocator flavour for Prometheus export."""

import collections
import logging
import time

import torch

logger = logging.getLogger(__name__)


class _DecodeStats:
    def __init__(self, label: str):
        self.label = label
        self.tokens = collections.Counter()
        self.calls = 0
        self.last_ts = 0.0

    @property
    def hybrid(self) -> bool:
        return self.label.startswith("SWA")

    def record(self, kind: str, n: int):
        self.tokens[kind] += n
        self.calls += 1
        self.last_ts = time.monotonic()

    def export(self) -> dict:
        return {f"{self.label}.{k}": v for k, v in self.tokens.items()} | {
            f"{self.label}.calls": self.calls
        }


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.device = model_runner.device
        self.kv_pool = model_runner.token_to_kv_pool
        allocator = model_runner.token_to_kv_pool_allocator
        # Metrics are grouped by the allocator flavour so dashboards can split hybrid fleets.
        self.stats = _DecodeStats(label=allocator.__class__.__name__)
        self.forward_metadata = None

    def init_forward_metadata(self, forward_batch):
        self.forward_metadata = {
            "seq_lens": forward_batch.seq_lens,
            "max_len": int(forward_batch.seq_lens.max().item()),
        }

    def forward_decode(self, loc):
        if self.stats.hybrid:
            out = self.kv_pool.translate_loc_from_full_to_swa(loc)
            self.stats.record("window", loc.numel())
            return self.kv_pool, out
        self.stats.record("full", loc.numel())
        return self.kv_pool, loc

    def get_metrics(self) -> dict:
        snapshot = self.stats.export()
        logger.debug("attn metrics %s", snapshot)
        return snapshot
