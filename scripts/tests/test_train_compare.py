"""The tolerance scripts/train --check holds a retraining's model files to."""
import os
import sys
import tempfile
import unittest

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from scripts_under_test import load_script  # noqa: E402

compare_script = load_script("train-compare")

RANKER = """gather-ranker 1
features hand title_bm25
fingerprint 0123456789012345
temperature 0.4321
tree
split 0 1
threshold 0.5 1.0000000180025095e-35
left -1 -2
right 1 -3
leaf 0.012345678901234567 -0.25 0.0
"""


class Compare(unittest.TestCase):
    def setUp(self):
        self.tmp = tempfile.TemporaryDirectory()

    def tearDown(self):
        self.tmp.cleanup()

    def pair(self, name, shipped, new):
        a = os.path.join(self.tmp.name, "shipped")
        b = os.path.join(self.tmp.name, "new")
        for d, text in ((a, shipped), (b, new)):
            os.makedirs(d, exist_ok=True)
            with open(os.path.join(d, name), "w") as f:
                f.write(text)
        return compare_script.compare(os.path.join(a, name), os.path.join(b, name))

    def test_the_same_bytes(self):
        self.assertEqual(self.pair("ranker.txt", RANKER, RANKER),
                         (True, "ranker.txt: the same bytes"))

    def test_full_numbers_within_a_millionth(self):
        ok, line = self.pair("ranker.txt", RANKER,
                             RANKER.replace("0.012345678901234567", "0.012345678901234999"))
        self.assertTrue(ok, line)
        self.assertIn("1 numbers differ", line)
        ok, line = self.pair("ranker.txt", RANKER, RANKER.replace("-0.25", "-0.250002"))
        self.assertFalse(ok, line)
        self.assertIn("line 10", line)

    def test_structure_and_names_exactly(self):
        for old, new in (("split 0 1", "split 1 0"), ("left -1 -2", "left -1 -3"),
                         ("fingerprint 0123456789012345", "fingerprint 0123456789012346"),
                         ("features hand title_bm25", "features title_bm25 hand")):
            with self.subTest(new=new):
                ok, line = self.pair("ranker.txt", RANKER, RANKER.replace(old, new))
                self.assertFalse(ok, line)

    def test_rounded_numbers_within_one_unit_of_their_last_digit(self):
        bridge = "gather-bridge 1\nretry\tbackoff\t0.1460\n"
        self.assertTrue(self.pair("bridge.txt", bridge, bridge.replace("0.1460", "0.1461"))[0])
        self.assertFalse(self.pair("bridge.txt", bridge, bridge.replace("0.1460", "0.1462"))[0])
        ok, line = self.pair("bridge.txt", bridge, bridge + "retry\tdelay\t0.0900\n")
        self.assertFalse(ok, "a pair more is a difference")
        lines = "gather-lines 1\nbias 0\nblank -1.48086\ndef_lines 1.13857e-06\n"
        self.assertTrue(self.pair("lines.txt", lines,
                                  lines.replace("1.13857e-06", "1.13858e-06"))[0])
        self.assertFalse(self.pair("lines.txt", lines, lines.replace("-1.48086", "-1.48096"))[0])
        self.assertFalse(self.pair("lines.txt", lines, lines.replace("bias 0", "bias 1"))[0])

    def test_unknown_files_byte_for_byte(self):
        self.assertFalse(self.pair("other.txt", "a 0.5\n", "a 0.5000001\n")[0])


if __name__ == "__main__":
    unittest.main()
