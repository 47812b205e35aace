enum level { LOW = -1, MID = 0, HIGH = 0x7fffffff };
