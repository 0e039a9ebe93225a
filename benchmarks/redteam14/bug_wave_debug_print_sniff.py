"""Wave-style backend that detects a window pool by parsing the allocator's debug_print() text."""

import re

_SWA_STAT = re.compile(r"#swa-available-size:\s*(\d+)")


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.token_to_kv_pool = model_runner.token_to_kv_pool
        self.num_kv_splits = 8
        stats = model_runner.token_to_kv_pool_allocator.debug_print() or ""
        match = _SWA_STAT.search(stats)
        self.swa_tokens = int(match.group(1)) if match else 0

    def forward_decode(self, loc):
        if self.swa_tokens > 0:
            return self.token_to_kv_pool, self.token_to_kv_pool.translate_loc_from_full_to_swa(loc)
        return self.token_to_kv_pool, loc
