#include <hb.h>
