import CGtk
