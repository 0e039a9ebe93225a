"""Decode backend that delegates window translation to a small helper object."""

import logging
from dataclasses import dataclass

import torch

logger = logging.getLogger(__name__)


@dataclass
class TranslationStats:
    calls: int = 0
    tokens: int = 0


class WindowLocTranslator:
    """Wraps whatever object owns the full->SWA map and counts what it translates."""

    def __init__(self, source):
        self._source = source
        self.enabled = callable(getattr(source, "translate_loc_from_full_to_swa", None))
        self.stats = TranslationStats()

    def __call__(self, loc: torch.Tensor) -> torch.Tensor:
        if not self.enabled:
            return loc
        self.stats.calls += 1
        self.stats.tokens += int(loc.numel())
        return self._source.translate_loc_from_full_to_swa(loc)


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.device = model_runner.device
        self.kv_pool = model_runner.token_to_kv_pool
        allocator = model_runner.token_to_kv_pool_allocator
        # The allocator owns the mapping tensor (it writes it on alloc), so build
        # the translator from it.
        self.translator = WindowLocTranslator(allocator)
        self.max_bs = getattr(model_runner, "max_running_requests", 16) or 16
        self.seq_lens_buf = torch.zeros(self.max_bs, dtype=torch.int32, device=self.device)
        logger.info("window translator enabled=%s", self.translator.enabled)

    def init_forward_metadata(self, forward_batch):
        bs = int(forward_batch.batch_size)
        self.seq_lens_buf[:bs].copy_(forward_batch.seq_lens[:bs])

    def init_cuda_graph_state(self, max_bs: int, max_num_tokens: int):
        self.seq_lens_buf = torch.zeros(max_bs, dtype=torch.int32, device=self.device)

    def report(self):
        s = self.translator.stats
        logger.info("translated %d tokens in %d calls", s.tokens, s.calls)

    def forward_decode(self, loc):
        return self.kv_pool, self.translator(loc)
