extension MixPage {
  /// The page's look: light, quiet colours; the timeline scrolls sideways when zoomed.
  static let style = """
    body{font:14px/1.45 system-ui,-apple-system,"Segoe UI",Helvetica,Arial,sans-serif;margin:0 auto;max-width:1400px;padding:16px 24px;color:#1d2330;background:#fbfbfd}
    h1{font-size:22px;margin:4px 0 10px}h2{font-size:16px;margin:18px 0 8px}
    dl.summary{display:grid;grid-template-columns:max-content 1fr;gap:2px 14px;margin:0}dt{color:#667}dd{margin:0}
    ul.notes{margin:0;padding-left:0;list-style:none;color:#333;max-height:320px;overflow:auto}
    ul.notes h3{font-size:13px;margin:8px 0 2px}ul.notes ul{margin:0;padding-left:20px}
    ul.notes summary{cursor:pointer}ul.notes details[open] summary{color:#777}ul.notes li.warning{color:#b35900}
    .controls{display:flex;gap:6px;align-items:center;margin-bottom:6px}.controls button{width:30px;height:26px;font-size:16px}
    .hint{color:#778;font-size:12px;margin-left:8px}
    #scroller{overflow-x:auto;border:1px solid #d8dce6;border-radius:6px;background:#fff}
    #canvas{position:relative;width:100%;min-width:100%;cursor:pointer;padding-bottom:4px}
    .axis{position:relative;height:22px;border-bottom:1px solid #e4e7ee;font-size:11px;color:#667}
    .tick{position:absolute;top:4px;transform:translateX(-50%);white-space:nowrap}.tick:first-child{transform:none;padding-left:3px}
    .duck{position:absolute;top:0;bottom:0;background:repeating-linear-gradient(135deg,rgba(201,162,74,.18) 0 6px,rgba(201,162,74,.32) 6px 12px);pointer-events:auto}
    .lane{position:relative;height:58px;border-bottom:1px solid #f0f1f5}
    .lane.marks{height:22px}.lane.joins{height:18px}
    .clip,.overlay{position:absolute;top:4px;bottom:4px;border-radius:4px;overflow:hidden;box-sizing:border-box;border:1px solid #9db3d6;background:#e8f0fb}
    .overlay{border-color:#c9a24a;background:#fbf3e2}
    .clip svg,.overlay svg,.clip canvas,.overlay canvas{position:absolute;inset:0;width:100%;height:100%}
    .ramp{fill:none;stroke:#e07b00;stroke-width:2;vector-effect:non-scaling-stroke}
    .name{position:absolute;left:4px;top:2px;font-size:11px;color:#1d2330;background:rgba(255,255,255,.75);padding:0 3px;border-radius:3px;white-space:nowrap}
    .beat{position:absolute;top:0;height:5px;width:0;border-left:1px solid rgba(29,35,48,.45)}.beat.down{height:11px;border-left:2px solid #1d2330}
    .cue{position:absolute;bottom:0;width:0;height:0;margin-left:-5px;border:5px solid transparent;border-bottom:9px solid #7a5bb5}
    .cut{position:absolute;top:0;bottom:0;width:0;border-left:2px dotted #222;opacity:.7}
    .aligned{position:absolute;top:0;bottom:0;width:0;border-left:2px dashed #8e44ad}
    .mark{position:absolute;top:0;bottom:0;border-left:2px solid #7a5bb5;padding-left:3px;font-size:11px;color:#4b3b73;white-space:nowrap}
    .join{position:absolute;top:3px;height:12px;min-width:4px;margin-left:-2px;background:#d9534f;border-radius:3px;opacity:.8}
    .join:hover,.join.active{opacity:1;outline:2px solid #8b1e1b}
    .join .check{position:absolute;right:-5px;top:-5px;width:9px;height:9px;border-radius:50%;border:1px solid #fff}
    .join[data-check="aligned"] .check{background:#2e8b57}.join[data-check="off"] .check{background:#e67e22}
    .join[data-check="not checkable"] .check{background:#999}
    .join .flag{position:absolute;top:-2px;left:2px;font:bold 11px/12px system-ui,sans-serif;color:#fff}.join .flag.clash{left:auto;right:8px}
    .flags .flag{display:inline-block;margin:3px 6px 0 0;padding:0 6px;border-radius:8px;font-size:12px;color:#fff;cursor:help}
    .flags .fallback{background:#7f8c8d}.flags .clash{background:#8e44ad}
    td.check[data-check="off"]{color:#b35900;font-weight:bold}td.check[data-check="not checkable"]{color:#777}
    .lane.loudness{height:96px;background:#fcfcfe}.lane.loudness svg{position:absolute;inset:0;width:100%;height:100%}
    .momentary{fill:none;stroke:#9fb6d9;stroke-width:1;vector-effect:non-scaling-stroke}
    .short-term{fill:none;stroke:#23467e;stroke-width:1.6;vector-effect:non-scaling-stroke}
    .level{position:absolute;left:0;right:0;border-top:1px dashed #3a8a4f;font-size:10px;color:#3a8a4f}.level.ceiling{border-color:#c0392b;color:#c0392b}
    .level span{position:sticky;left:4px;background:rgba(255,255,255,.8);padding:0 3px}
    .limited{position:absolute;bottom:0;height:8px;min-width:2px;background:#c0392b}
    .legend{position:absolute;right:6px;bottom:10px;font-size:10px;color:#667;background:rgba(255,255,255,.8);padding:0 3px}
    #playhead{position:absolute;top:0;bottom:0;width:2px;background:#d9534f;pointer-events:none}
    table{border-collapse:collapse;width:100%;background:#fff}th,td{border-bottom:1px solid #e8eaf0;padding:5px 8px;text-align:left;vertical-align:top}
    tr.active{background:#fff3cd}.quiet{color:#889}button.play{cursor:pointer}ul.why{margin:4px 0 0;padding-left:18px;color:#556;font-size:12px}
    """

  /// Zoom, and playing: a transition's snippet when it is clicked, the output (when it lies
  /// beside the page) or else the nearest snippet from anywhere else clicked.
  static let script = """
    (function(){
    "use strict";
    var total=parseFloat(document.body.dataset.seconds)||1;
    var scroller=document.getElementById("scroller"),canvas=document.getElementById("canvas");
    var output=document.getElementById("output"),playhead=document.getElementById("playhead");
    var zoom=1;
    var colours=["#c8463c","#3f9a4a","#3d6fc4"];
    function bandsOf(clip){
      if(!clip.bands){
        var text=atob(clip.dataset.bands),values=new Int8Array(text.length);
        for(var i=0;i<text.length;i++)values[i]=(text.charCodeAt(i)<<24)>>24;
        clip.bands=values;
      }
      return clip.bands;
    }
    function drawClip(clip){
      var picture=clip.querySelector("canvas");
      if(!picture||!clip.dataset.bands)return;
      var width=Math.max(1,Math.min(16384,Math.round(clip.clientWidth))),height=Math.max(1,clip.clientHeight);
      picture.width=width;picture.height=height;
      var pen=picture.getContext("2d"),values=bandsOf(clip),columns=values.length/6,middle=height/2,scale=(height/2-2)/127;
      pen.clearRect(0,0,width,height);
      for(var band=0;band<3;band++){
        pen.fillStyle=colours[band];pen.globalAlpha=band===0?0.85:0.75;
        for(var x=0;x<width;x++){
          var from=Math.floor(x*columns/width),to=Math.max(from+1,Math.floor((x+1)*columns/width)),low=0,high=0;
          for(var i=from;i<to&&i<columns;i++){low=Math.min(low,values[i*6+band*2]);high=Math.max(high,values[i*6+band*2+1]);}
          pen.fillRect(x,middle-high*scale,1,Math.max(1,(high-low)*scale));
        }
      }
    }
    var drawing=0;
    function drawAll(){
      cancelAnimationFrame(drawing);
      drawing=requestAnimationFrame(function(){Array.prototype.forEach.call(document.querySelectorAll("[data-bands]"),drawClip);});
    }
    function setZoom(next){
      var middle=(scroller.scrollLeft+scroller.clientWidth/2)/canvas.clientWidth;
      zoom=Math.max(1,Math.min(512,next));
      canvas.style.width=(zoom*100)+"%";
      scroller.scrollLeft=middle*canvas.clientWidth-scroller.clientWidth/2;
      drawAll();
    }
    window.addEventListener("resize",drawAll);
    drawAll();
    document.getElementById("zoom-in").addEventListener("click",function(){setZoom(zoom*2);});
    document.getElementById("zoom-out").addEventListener("click",function(){setZoom(zoom/2);});
    scroller.addEventListener("wheel",function(event){
      if(!event.ctrlKey)return;
      event.preventDefault();setZoom(event.deltaY<0?zoom*1.25:zoom/1.25);
    },{passive:false});
    function stopAll(){Array.prototype.forEach.call(document.querySelectorAll("audio"),function(a){a.pause();});}
    function start(audio,time){
      stopAll();
      audio.currentTime=Math.max(0,time);
      var playing=audio.play();
      if(playing&&playing.catch)playing.catch(function(){});
    }
    function mark(index){
      Array.prototype.forEach.call(document.querySelectorAll(".active"),function(e){e.classList.remove("active");});
      var row=document.getElementById("t-"+index),join=document.querySelector('.join[data-index="'+index+'"]');
      if(row){row.classList.add("active");row.scrollIntoView({block:"nearest"});}
      if(join)join.classList.add("active");
    }
    function playTransition(index){
      mark(index);
      var snippet=document.querySelector('audio[data-snippet="'+index+'"]');
      if(snippet){start(snippet,0);return;}
      var join=document.querySelector('.join[data-index="'+index+'"]');
      if(output&&join)start(output,parseFloat(join.dataset.start)-4);
    }
    function playFrom(time){
      if(output){start(output,time);return;}
      var best=null,distance=Infinity;
      Array.prototype.forEach.call(document.querySelectorAll("audio[data-snippet]"),function(a){
        var from=parseFloat(a.dataset.offset),to=from+(a.duration||0),d=time<from?from-time:(time>to?time-to:0);
        if(d<distance){distance=d;best=a;}
      });
      if(best){mark(best.dataset.snippet);start(best,Math.max(0,time-parseFloat(best.dataset.offset)));}
    }
    canvas.addEventListener("click",function(event){
      var join=event.target.closest(".join");
      if(join){playTransition(join.dataset.index);return;}
      var box=canvas.getBoundingClientRect();
      playFrom((event.clientX-box.left)/box.width*total);
    });
    Array.prototype.forEach.call(document.querySelectorAll("button[data-play]"),function(button){
      button.addEventListener("click",function(){playTransition(button.dataset.play);});
    });
    if(output){
      output.addEventListener("timeupdate",function(){
        playhead.hidden=false;playhead.style.left=(output.currentTime/total*100)+"%";
      });
    }
    })();
    """
}
