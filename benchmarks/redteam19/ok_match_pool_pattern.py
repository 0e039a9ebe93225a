"""Matches its own pool against an SWAKVPool class pattern to pick the decode mode."""

from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool


def _decode_mode(kv_pool) -> str:
    match kv_pool:
        case SWAKVPool(page_size=page) if page >= 1:
            return "swa"
        case _:
            return "full"


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.kv_cache = model_runner.token_to_kv_pool
        self.mode = _decode_mode(self.kv_cache)

    def forward_decode(self, loc):
        match self.mode:
            case "swa":
                return self.kv_cache, self.kv_cache.translate_loc_from_full_to_swa(loc)
            case _:
                return self.kv_cache, loc
