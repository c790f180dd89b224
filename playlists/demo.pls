[playlist]
; The demo album as a PLS playlist (scripts/demo synthesizes demo-audio/).
File1=demo-audio/01-sunrise.flac
Title1=Segue Demo - Sunrise
Length1=12
File2=demo-audio/02-drift.flac
Title2=Segue Demo - Drift
Length2=10
File3=demo-audio/03-undertow.flac
Title3=Segue Demo - Undertow
Length3=14
File4=demo-audio/04-landfall.flac
Title4=Segue Demo - Landfall
Length4=9
NumberOfEntries=4
Version=2
