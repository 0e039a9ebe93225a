import logging

from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool

logger = logging.getLogger(__name__)


def _resolve(runner):
    if isinstance(runner.token_to_kv_pool, SWAKVPool):
        return runner.token_to_kv_pool
    try:
        frozen = runner.spec_algorithm.is_frozen_kv_mtp()
    except AttributeError:
        # older sglang: no FROZEN_KV MTP, so every draft owns its KV
        frozen = False
    else:
        logger.debug("frozen-kv draft: %s", frozen)
    finally:
        draft = bool(getattr(runner, "is_draft_worker", False))
    if draft and not frozen:
        return None
    kv = runner.token_to_kv_pool_allocator.get_kvcache()
    return kv if isinstance(kv, SWAKVPool) else None


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.token_to_kv_pool = model_runner.token_to_kv_pool
        self._swa_kv_pool = _resolve(model_runner)

    def forward_decode(self, loc):
        if self._swa_kv_pool is not None:
            return self._swa_kv_pool, self._swa_kv_pool.translate_loc_from_full_to_swa(loc)
        return self.token_to_kv_pool, loc
